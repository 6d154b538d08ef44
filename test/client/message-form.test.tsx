import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import { MESSAGE_MAX_LENGTH } from '../../contract/realtime';
import { renderWithMantine } from './render-mantine';

describe('the message box at the length limit', () => {
  it('keeps a paste over the limit whole, says so, and sends it only once shortened', () => {
    const onSend = vi.fn();
    renderWithMantine(<MessageForm onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'a'.repeat(1700) } });
    expect(screen.queryByText(/\/ 2000/)).toBeNull();

    fireEvent.change(box, { target: { value: 'b'.repeat(2500) } });
    expect(box.value).toHaveLength(2500);
    expect(
      screen.getByText(/2500 \/ 2000 characters: too long to send, shorten it by 500/),
    ).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toHaveLength(2500);

    fireEvent.change(box, { target: { value: 'c'.repeat(MESSAGE_MAX_LENGTH) } });
    expect(screen.getByText('2000 / 2000')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('c'.repeat(MESSAGE_MAX_LENGTH));
    expect(box.value).toBe('');
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });
});

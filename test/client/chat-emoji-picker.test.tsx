import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import EmojiPicker, { EMOJIS } from '../../client/features/chat/components/emoji-picker';
import { MessageForm } from '../../client/features/chat/components/message-form';
import { renderWithMantine } from './render-mantine';

describe('emoji picker', () => {
  it('offers 27 distinct emojis, each a named button', () => {
    const onPick = vi.fn();
    renderWithMantine(<EmojiPicker onPick={onPick} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(27);
    expect(new Set(EMOJIS.map(([emoji]) => emoji)).size).toBe(27);
    fireEvent.click(screen.getByRole('button', { name: 'thumbs up' }));
    expect(onPick).toHaveBeenCalledWith('👍');
  });

  it('appends the picked emoji to the message being written', async () => {
    const onSend = vi.fn();
    renderWithMantine(<MessageForm onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'hello ' } });
    for (const name of ['fire', 'party popper']) {
      fireEvent.click(screen.getByRole('button', { name: 'Emoji' }));
      const grid = await screen.findByRole('dialog', { name: 'Emoji' });
      fireEvent.click(await within(grid).findByRole('button', { name }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect((box as HTMLTextAreaElement).value).toBe('hello 🔥🎉');

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello 🔥🎉');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NicknameConflictPanel } from '../../client/features/join/components/nickname-conflict-panel';
import { renderWithMantine } from './render-mantine';

function renderPanel(nickname = 'ada') {
  const onRetry = vi.fn();
  const onCancel = vi.fn();
  renderWithMantine(
    <NicknameConflictPanel
      message='The nickname "ada" is already taken in this room. Please choose another.'
      nickname={nickname}
      submitting={false}
      onRetry={onRetry}
      onCancel={onCancel}
    />,
  );
  const field = screen.getByRole('textbox', { name: 'New Nickname' }) as HTMLInputElement;
  const retry = screen.getByRole('button', { name: 'Join with New Nickname' });
  return { field, retry, onRetry, onCancel };
}

describe('nickname conflict panel', () => {
  it("shows the server's message and suggests the nickname plus '1', with a counter", () => {
    const { field, retry } = renderPanel();
    expect(screen.getByText(/"ada" is already taken/)).toBeTruthy();
    expect(field.value).toBe('ada1');
    expect(screen.getByText('4/15')).toBeTruthy();
    expect(retry.hasAttribute('disabled')).toBe(false);
  });

  it('validates as it is typed and keeps the retry disabled while invalid or empty', () => {
    const { field, retry } = renderPanel();
    fireEvent.change(field, { target: { value: 'a b' } });
    expect(
      screen.getByText(
        'Nickname can only contain letters, numbers, underscores, hyphens, and periods.',
      ),
    ).toBeTruthy();
    expect(retry.hasAttribute('disabled')).toBe(true);

    fireEvent.change(field, { target: { value: '' } });
    expect(screen.getByText('0/15')).toBeTruthy();
    expect(retry.hasAttribute('disabled')).toBe(true);

    fireEvent.change(field, { target: { value: 'abcdefghijklmnop' } });
    expect(screen.getByText('16/15')).toBeTruthy();
    expect(screen.getByText('Nickname cannot exceed 15 characters.')).toBeTruthy();
    expect(retry.hasAttribute('disabled')).toBe(true);
  });

  // The counter counts every character typed, invisible ones too: 'x\u200By' read 3/15 and was
  // refused as shorter than 3. The refusal now names what is wrong.
  it('says why a nickname with an invisible character is refused', () => {
    const { field, retry } = renderPanel();
    fireEvent.change(field, { target: { value: 'x\u200By' } });
    expect(screen.getByText('3/15')).toBeTruthy();
    expect(
      screen.getByText(
        'Nicknames cannot contain invisible or direction-control characters. Please type the nickname again.',
      ),
    ).toBeTruthy();
    expect(retry.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: 'x\u200Byz' } });
    expect(screen.getByText(/cannot contain invisible/)).toBeTruthy();
    expect(retry.hasAttribute('disabled')).toBe(true);
  });

  it('retries with the new nickname, and cancels', () => {
    const { field, retry, onRetry, onCancel } = renderPanel();
    fireEvent.change(field, { target: { value: 'ada_2' } });
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledWith('ada_2');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

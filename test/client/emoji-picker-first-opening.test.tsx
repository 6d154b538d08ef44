import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmojiButton } from '../../client/features/chat/components/emoji-button';
import { EMOJIS } from '../../client/features/chat/utils/emojis';
import { renderWithMantine } from './render-mantine';

// The picker's module arrives only when the test lets it, as a lazy chunk arrives over a slow
// network after the popover has opened and placed the focus.
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive: () => arrive(), arrived };
});
vi.mock('../../client/features/chat/components/emoji-picker', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const firstName = EMOJIS[0]?.[1] ?? '';

describe('the emoji popover, opened before its grid has loaded', () => {
  it('gives the focus to the first emoji once the grid is there', async () => {
    renderWithMantine(<EmojiButton onPick={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Emoji' });
    opener.focus();
    fireEvent.click(opener);
    // Nothing to focus yet: the popover's trap falls back to the popover itself.
    const popover = await screen.findByRole('dialog', { name: 'Emoji' });
    await waitFor(() => expect(document.activeElement).toBe(popover));
    expect(screen.getByRole('status', { name: 'Loading emojis' })).toBeTruthy();

    chunk.arrive();
    const first = await screen.findByRole('button', { name: firstName });
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('leaves the focus alone where it is not on the popover', async () => {
    chunk.arrive();
    const { default: EmojiPicker } =
      await import('../../client/features/chat/components/emoji-picker');
    render(<input aria-label="Elsewhere" />);
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    elsewhere.focus();
    renderWithMantine(<EmojiPicker onPick={vi.fn()} />);
    expect(screen.getByRole('button', { name: firstName })).toBeTruthy();
    expect(document.activeElement).toBe(elsewhere);
  });
});

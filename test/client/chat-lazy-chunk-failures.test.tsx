import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmojiButton } from '../../client/features/chat/components/emoji-button';
import { watchChunkFailures } from './chunk-failure-watch';
import { renderWithMantine } from './render-mantine';

// The message form's emoji grid: a chunk that fails to load, as it does offline, leaves the
// chat on screen and loads at the next press (the header's help: chat-header.test.tsx).

const offline = vi.hoisted(() => ({ emojis: false }));

vi.mock('../../client/features/chat/components/emoji-picker', async (load) => {
  if (offline.emojis) throw new TypeError('Failed to fetch dynamically imported module');
  return load();
});

const untilTheBoundaryCaughtIt = watchChunkFailures();

beforeEach(() => {
  offline.emojis = false;
});

describe('the emoji popover, when its grid’s chunk cannot load', () => {
  it('says so in the popover, leaves the box on screen, and loads at the next opening', async () => {
    offline.emojis = true;
    renderWithMantine(
      <>
        <textarea aria-label="Message" />
        <EmojiButton onPick={() => {}} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Emoji' });

    fireEvent.click(opener);
    await untilTheBoundaryCaughtIt();
    const popover = await screen.findByRole('dialog', { name: 'Emoji' });
    expect(popover.textContent).toContain('The emojis could not be loaded');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();

    offline.emojis = false;
    fireEvent.click(opener);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(opener);
    const grid = await screen.findByRole('dialog', { name: 'Emoji' });
    const thumbs = await within(grid).findByRole(
      'button',
      { name: 'thumbs up' },
      { timeout: 10_000 },
    );
    expect(grid.textContent).not.toContain('could not be loaded');
    expect(thumbs).toBeTruthy();
  });
});

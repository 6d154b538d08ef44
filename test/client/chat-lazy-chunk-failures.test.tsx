import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatHeader } from '../../client/features/chat/components/chat-header';
import { EmojiButton } from '../../client/features/chat/components/emoji-button';
import { ChunkLoadError } from '../../client/lib/lazy-with-retry';
import { renderWithMantine } from './render-mantine';

// The chat's own lazy pieces (the header's help, the message form's emoji grid): a chunk that
// fails to load, as it does offline, leaves the chat on screen and loads at the next press.

const offline = vi.hoisted(() => ({ help: false, emojis: false }));

vi.mock('../../client/components/help-dialog', async (load) => {
  if (offline.help) throw new TypeError('Failed to fetch dynamically imported module');
  return load();
});

vi.mock('../../client/features/chat/components/emoji-picker', async (load) => {
  if (offline.emojis) throw new TypeError('Failed to fetch dynamically imported module');
  return load();
});

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  Object.assign(offline, { help: false, emojis: false });
  // React reports each caught error; the tests read the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** Until a QuietBoundary has caught the failed import (not a fixed wait: see lazy-chunk-failures). */
async function untilTheBoundaryCaughtIt() {
  await vi.waitFor(
    () =>
      expect(warn).toHaveBeenCalledWith(
        'A part of the page could not be loaded',
        expect.any(ChunkLoadError),
      ),
    { timeout: 10_000 },
  );
}

describe('the chat header’s help, when its chunk cannot load', () => {
  it('leaves the header on screen, and loads at the next press', async () => {
    offline.help = true;
    renderWithMantine(
      <MemoryRouter>
        <ChatHeader
          connected
          roomName="Weekend plans"
          users={null}
          onOpenRooms={() => {}}
          onLogout={() => {}}
          share={null}
        />
      </MemoryRouter>,
    );
    const help = screen.getByRole('button', { name: 'Help' });

    fireEvent.click(help);
    await untilTheBoundaryCaughtIt();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Weekend plans' })).toBeTruthy();

    offline.help = false;

    fireEvent.click(help);
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy();
  });
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

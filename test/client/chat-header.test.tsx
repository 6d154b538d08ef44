import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatHeader } from '../../client/features/chat/components/chat-header';
import { watchChunkFailures } from './chunk-failure-watch';
import { renderWithMantine } from './render-mantine';

/** Whether the help dialog's chunk fails to load, as it does offline. */
const offline = vi.hoisted(() => ({ help: false }));

vi.mock('../../client/components/help-dialog', async (load) => {
  if (offline.help) throw new TypeError('Failed to fetch dynamically imported module');
  return load();
});

const untilTheBoundaryCaughtIt = watchChunkFailures();

beforeEach(() => {
  offline.help = false;
});

function renderHeader() {
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
}

// First: once loaded, a chunk stays loaded for the file's later tests.
describe('the chat header’s help, when its chunk cannot load', () => {
  it('leaves the header on screen, and loads at the next press', async () => {
    offline.help = true;
    renderHeader();
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

describe('chat header', () => {
  it('returns focus to its Help button when the first help dialog closes', async () => {
    const user = userEvent.setup();
    renderHeader();

    const help = screen.getByRole('button', { name: 'Help' });
    help.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(help));
  });
});

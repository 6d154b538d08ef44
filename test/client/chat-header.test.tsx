import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChatHeader } from '../../client/features/chat/components/chat-header';
import { renderWithMantine } from './render-mantine';

describe('chat header', () => {
  it('returns focus to its Help button when the first help dialog closes', async () => {
    const user = userEvent.setup();
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
    help.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(help));
  });
});

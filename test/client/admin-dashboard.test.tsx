import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRoom, AdminUser } from '../../contract/admin';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

const admin = { ...testUser, id: 'a1', email: 'boss@example.com', role: 'admin' as const };

const rooms: AdminRoom[] = [
  {
    _id: 'r1',
    roomId: 'room-a',
    name: 'Book club',
    createdBy: { id: 'u1', _id: 'u1', email: 'ada@example.com' },
    createdAt: 1,
  },
  { _id: 'r2', roomId: 'room-b', name: 'Orphan', createdBy: null, createdAt: 2 },
];

const users: AdminUser[] = [
  { id: 'a1', _id: 'a1', email: 'boss@example.com', role: 'admin', nickname: 'boss', createdAt: 1 },
  { id: 'u1', _id: 'u1', email: 'ada@example.com', role: 'user', nickname: 'ada', createdAt: 2 },
];

type Reply = { status: number; body?: unknown } | undefined;

/** The admin API with its data; `extra` answers (or overrides) the calls a test is about. */
function adminApi(extra: (call: FetchCall) => Reply = () => undefined) {
  return fakeApi(admin, (call) => {
    const reply = extra(call);
    if (reply) return reply;
    if (call.path === '/api/admin/stats')
      return { status: 200, body: { users: 2, rooms: 2, messages: 17 } };
    if (call.path === '/api/admin/users')
      return { status: 200, body: { users, nextCursor: null, total: users.length } };
    if (call.path === '/api/admin/rooms')
      return { status: 200, body: { rooms, nextCursor: null, total: rooms.length } };
    return undefined;
  });
}

function countOf(calls: FetchCall[], path: string) {
  return calls.filter((call) => call.path === path).length;
}

function optionTexts(list: HTMLElement) {
  return within(list)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

async function openDashboard(path = '/admin') {
  const view = renderApp(path);
  await screen.findByRole('table', { name: 'Manage Rooms' });
  return { ...view, user: userEvent.setup() };
}

describe('admin dashboard', () => {
  it('shows the counts and both tables, with no Delete for administrators', async () => {
    adminApi();
    await openDashboard('/');

    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy();
    const roomRows = within(screen.getByRole('table', { name: 'Manage Rooms' })).getAllByRole(
      'row',
    );
    expect(roomRows.map((row) => row.textContent)).toEqual([
      'NameIDCreated ByActions',
      'Book clubroom-aada@example.comJoinDelete',
      'Orphanroom-bUnknownJoinDelete',
    ]);

    const usersTable = screen.getByRole('table', { name: 'Manage Users' });
    const bossRow = within(usersTable).getByRole('row', { name: /boss@example.com/ });
    const adaRow = within(usersTable).getByRole('row', { name: /ada@example.com/ });
    expect(within(bossRow).queryByRole('button')).toBeNull();
    expect(within(adaRow).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('alerts and sends nothing when the broadcast is empty after trimming', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = adminApi();
    const { user } = await openDashboard();

    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));

    expect(alert.mock.calls).toEqual([
      ['Please enter a message to broadcast'],
      ['Please enter a message to broadcast'],
    ]);
    expect(countOf(calls, '/api/admin/broadcast')).toBe(0);
  });

  it('broadcasts the trimmed message to the chosen room and type, then clears it', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = adminApi((call) =>
      call.path === '/api/admin/broadcast'
        ? { status: 200, body: { success: true, message: 'Broadcast sent successfully', rooms: 1 } }
        : undefined,
    );
    const { user } = await openDashboard();

    const target = screen.getByRole('combobox', { name: 'Target' });
    expect(optionTexts(target)).toEqual(['All Rooms', 'Book club', 'Orphan']);
    await user.selectOptions(target, 'Book club');
    await user.click(screen.getByRole('radio', { name: 'System Fancy' }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.type(message, '  Maintenance tonight ');
    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Broadcast sent successfully'));
    expect(calls.find((call) => call.path === '/api/admin/broadcast')?.body).toEqual({
      roomId: 'room-a',
      message: 'Maintenance tonight',
      messageType: 'system-fancy',
    });
    expect((message as HTMLTextAreaElement).value).toBe('');
  });

  it('finds a room beyond the first page for the target by a server search, and keeps it', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const older: AdminRoom = { ...rooms[1]!, _id: 'r0', roomId: 'room-old', name: 'Old times' };
    const { calls } = adminApi((call) => {
      if (call.path === '/api/admin/rooms?q=room-old')
        return { status: 200, body: { rooms: [older], nextCursor: null, total: 1 } };
      if (call.path === '/api/admin/broadcast')
        return { status: 200, body: { success: true, message: 'Broadcast sent', rooms: 1 } };
      return undefined;
    });
    const { user } = await openDashboard();

    const target = screen.getByRole('combobox', { name: 'Target' });
    // By id: a match the server found is listed though its label does not contain the search.
    await user.type(screen.getByRole('searchbox', { name: 'Find a room to target' }), 'room-old');
    await waitFor(() => expect(optionTexts(target)).toEqual(['All Rooms', 'Old times']));
    const searches = calls.filter((call) => call.path.startsWith('/api/admin/rooms?q='));
    expect(searches.map((call) => call.path)).toEqual(['/api/admin/rooms?q=room-old']);
    await user.selectOptions(target, 'Old times');

    // The search cleared, the list is the newest rooms once more, and the choice is still there.
    await user.clear(screen.getByRole('searchbox', { name: 'Find a room to target' }));
    await waitFor(() =>
      expect(optionTexts(target)).toEqual(['All Rooms', 'Old times', 'Book club', 'Orphan']),
    );
    expect((target as HTMLSelectElement).value).toBe('room-old');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello, old friends');
    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Broadcast sent successfully'));
    expect(calls.find((call) => call.path === '/api/admin/broadcast')?.body).toMatchObject({
      roomId: 'room-old',
    });
  });

  it("alerts the server's error when a broadcast fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    adminApi((call) =>
      call.path === '/api/admin/broadcast'
        ? { status: 400, body: { error: 'Broadcast cannot exceed 2000 characters' } }
        : undefined,
    );
    const { user } = await openDashboard();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Broadcast cannot exceed 2000 characters'),
    );
  });

  it('deletes a room after the confirmation and reloads the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = adminApi((call) =>
      call.method === 'DELETE' && call.path === '/api/admin/rooms/room-a'
        ? { status: 200, body: { message: 'Room deleted successfully' } }
        : undefined,
    );
    const { user } = await openDashboard();

    const row = screen.getByRole('row', { name: /room-a/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete room room-a?');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Room deleted successfully'));
    await waitFor(() => expect(countOf(calls, '/api/admin/rooms')).toBe(2));
  });

  it('deletes nothing when the user confirmation is declined', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { calls } = adminApi();
    const { user } = await openDashboard();

    const usersTable = screen.getByRole('table', { name: 'Manage Users' });
    const row = within(usersTable).getByRole('row', { name: /ada@example.com/ });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this user?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('joins a room as moderator: stores the room and nickname and opens the chat', async () => {
    const { calls } = adminApi((call) =>
      call.path === '/api/admin/join/room-b'
        ? { status: 200, body: { success: true, activeNickname: 'Mod 🐸 boss', roomId: 'room-b' } }
        : undefined,
    );
    const { user, router } = await openDashboard();

    const row = screen.getByRole('row', { name: /room-b/ });
    await user.click(within(row).getByRole('button', { name: 'Join' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/room-b'));
    expect(calls.find((call) => call.path === '/api/admin/join/room-b')?.method).toBe('POST');
    expect(window.localStorage.getItem('joinedRoomId')).toBe('room-b');
    expect(window.localStorage.getItem('activeNickname')).toBe('Mod 🐸 boss');
  });

  it('clears the stored room, alerts and reloads when the join fails', async () => {
    window.localStorage.setItem('joinedRoomId', 'old-room');
    window.localStorage.setItem('activeNickname', 'old-nick');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = adminApi((call) =>
      call.path === '/api/admin/join/room-a' ? { status: 500, text: '' } : undefined,
    );
    const { user } = await openDashboard();

    const row = screen.getByRole('row', { name: /room-a/ });
    await user.click(within(row).getByRole('button', { name: 'Join' }));

    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to join room. The room may have been deleted.'),
    );
    expect(window.localStorage.getItem('joinedRoomId')).toBeNull();
    expect(window.localStorage.getItem('activeNickname')).toBeNull();
    await waitFor(() => expect(countOf(calls, '/api/admin/rooms')).toBe(2));
  });

  it("shows 'Error:' with the server's words when the admin data fails to load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    adminApi((call) =>
      call.path === '/api/admin/stats' ? { status: 403, body: { error: 'Forbidden' } } : undefined,
    );
    renderApp('/admin');
    expect(await screen.findByText('Error: Forbidden')).toBeTruthy();
  });
});

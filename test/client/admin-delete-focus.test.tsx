import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRoom, AdminUser } from '../../contract/admin';
import { fakeApi, renderApp, testUser } from './render-app';

// Once an admin deletes a row from the keyboard, its Delete button (which had the focus) goes
// with the row: the focus goes on to the next row's Delete button, the previous one's after the
// last, or the table's search box, never the page's start.

const admin = { ...testUser, id: 'a1', email: 'boss@example.com', role: 'admin' as const };

/** The admin API, whose lists lose a row once its DELETE went through. */
function adminApi() {
  let rooms: AdminRoom[] = [
    { _id: 'r1', roomId: 'room-a', name: 'Attic', createdBy: null, createdAt: 1 },
    { _id: 'r2', roomId: 'room-b', name: 'Barn', createdBy: null, createdAt: 2 },
  ];
  let users: AdminUser[] = [
    {
      id: 'a1',
      _id: 'a1',
      email: 'boss@example.com',
      role: 'admin',
      nickname: 'boss',
      createdAt: 1,
    },
    { id: 'u1', _id: 'u1', email: 'ada@example.com', role: 'user', nickname: 'ada', createdAt: 2 },
  ];
  fakeApi(admin, (call) => {
    if (call.method === 'DELETE') {
      const id = decodeURIComponent(call.path.split('/').at(-1)!);
      rooms = rooms.filter((room) => room.roomId !== id);
      users = users.filter((account) => account.id !== id);
      return { status: 200, body: { message: 'Deleted' } };
    }
    if (call.path === '/api/admin/stats')
      return { status: 200, body: { users: users.length, rooms: rooms.length, messages: 0 } };
    if (call.path === '/api/admin/users')
      return { status: 200, body: { users, nextCursor: null, total: users.length } };
    if (call.path === '/api/admin/rooms')
      return { status: 200, body: { rooms, nextCursor: null, total: rooms.length } };
    return undefined;
  });
}

/** Focuses the row's Delete button and presses Enter, accepting both dialogs. */
async function deleteFromKeyboard(table: HTMLElement, rowText: RegExp, done: string) {
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  const row = within(table).getByRole('row', { name: rowText });
  within(row).getByRole('button', { name: 'Delete' }).focus();
  await userEvent.setup().keyboard('{Enter}');
  await waitFor(() => expect(alert).toHaveBeenCalledWith(done));
  await waitFor(() => expect(row.isConnected).toBe(false));
}

describe('focus after an admin deletion', () => {
  it.each([
    ['the next', /room-a/, /room-b/],
    ['the previous, after the last,', /room-b/, /room-a/],
  ])("moves to %s room's Delete button", async (_, deleted, neighbour) => {
    adminApi();
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Manage Rooms' });
    await within(table).findByRole('row', { name: deleted });

    await deleteFromKeyboard(table, deleted, 'Room deleted successfully');

    const row = within(table).getByRole('row', { name: neighbour });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Delete' })),
    );
  });

  it("moves to the users' search box when no other row has a Delete button", async () => {
    adminApi();
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Manage Users' });
    await within(table).findByRole('row', { name: /ada@example.com/ });

    await deleteFromKeyboard(table, /ada@example.com/, 'User deleted successfully');

    // The administrator's row stays, with no Delete button of its own.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search users' })),
    );
  });
});

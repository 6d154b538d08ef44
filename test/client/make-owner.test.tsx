/**
 * 'Make owner' in the rooms drawer's moderation panel: offered to the owner and administrators
 * on every member's row but the owner's (and their own), behind a confirm; it sends the
 * member's id, and then the members and the room list are read again, so the old owner's
 * panel goes, the drawer's title says 'Joined Rooms' and the leave button comes back.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MembersResponse, RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { OWNER_LEAVE_HINT } from '../../client/features/rooms/components/leave-room-button';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };
const member = (id: string, nickname: string) => ({
  _id: `m-${id}`,
  activeNickname: nickname,
  userId: { id, _id: id, email: `${nickname}@example.com` },
});
const ownersView: MembersResponse = {
  isOwner: true,
  roomCreator: testUser.id,
  members: [member(testUser.id, 'ada'), member('u2', 'bob'), member('u3', 'cat')],
};
const room = (isOwner: boolean): RoomSummary => ({
  _id: 'room-a',
  roomId: 'room-a',
  name: 'Book club',
  activeNickname: 'ada',
  isOwner,
});

type Reply = { status: number; body?: unknown };

/** The chat of room-a as `user`, with a server that hands the room over when asked. */
function openChat(user: PublicUser, members: MembersResponse, owner = members.roomCreator) {
  let handedTo: string | null = null;
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  const api = fakeApi(user, (call: FetchCall): Reply | undefined => {
    const owns = (handedTo ?? owner) === user.id;
    if (call.path === '/api/rooms') return { status: 200, body: [room(owns)] };
    if (call.path === '/api/rooms/room-a/bans') return { status: 200, body: { bans: [] } };
    if (call.path.startsWith('/api/rooms/room-a/members')) {
      if (!owns && user.role !== 'admin') return { status: 403, body: { error: 'Forbidden' } };
      return { status: 200, body: { ...members, isOwner: owns, roomCreator: handedTo ?? owner } };
    }
    if (call.method === 'POST' && call.path === '/api/rooms/room-a/owner') {
      handedTo = (call.body as { userId: string }).userId;
      return { status: 200, body: { success: true, message: "bob is now the room's owner." } };
    }
    return undefined;
  });
  // The hand-over's answer waits for `release`: its button is busy meanwhile.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/owner')) await answered;
    return api.fetchMock(input, init);
  });
  renderApp('/chat/room-a');
  return { ...api, release };
}

async function openDrawer(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
  return screen.findByRole('dialog', { name });
}

describe("'Make owner'", () => {
  it('is offered to the owner on every row but their own, and hands the room over', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { calls, release } = openChat(inRoom, ownersView);
    const drawer = await openDrawer('Your Rooms');
    const panel = await within(drawer).findByRole('region', { name: 'Moderation' });
    expect(await within(panel).findByRole('button', { name: 'Make bob the owner' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Make cat the owner' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Make ada the owner' })).toBeNull();
    expect(within(drawer).getByText(OWNER_LEAVE_HINT)).toBeTruthy();

    // Cancel sends nothing.
    fireEvent.click(within(panel).getByRole('button', { name: 'Make bob the owner' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make bob the owner?' });
    expect(
      within(dialog).getByText(
        'Make bob the owner of Book club? You will no longer be able to remove people or manage invite links.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /bob the owner/ })).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/owner'))).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: 'Make bob the owner' }));
    dialog = await screen.findByRole('dialog', { name: 'Make bob the owner?' });
    const confirm = within(dialog).getByRole('button', { name: 'Make owner' });
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.getAttribute('aria-disabled')).toBe('true'));
    const membersReads = calls.filter((call) => call.path.includes('/members')).length;
    const listReads = calls.filter((call) => call.path === '/api/rooms').length;

    release();
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        color: 'green',
        message: "bob is now the room's owner.",
      }),
    );
    const sent = calls.filter((call) => call.path === '/api/rooms/room-a/owner');
    expect(sent).toEqual([
      { method: 'POST', path: '/api/rooms/room-a/owner', body: { userId: 'u2' } },
    ]);
    // Read again: the panel is gone, the title and the leave button follow the room list.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Moderation' })).toBeNull());
    expect(await screen.findByRole('dialog', { name: 'Joined Rooms' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Leave this room' })).toBeTruthy();
    expect(screen.queryByText(OWNER_LEAVE_HINT)).toBeNull();
    expect(calls.filter((call) => call.path.includes('/members')).length).toBeGreaterThan(
      membersReads,
    );
    expect(calls.filter((call) => call.path === '/api/rooms').length).toBeGreaterThan(listReads);
  });

  it("hands the focus to the drawer's title when the panel goes with it", async () => {
    const { release } = openChat(inRoom, ownersView);
    const drawer = await openDrawer('Your Rooms');
    const panel = await within(drawer).findByRole('region', { name: 'Moderation' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Make bob the owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make bob the owner?' });
    // Enter on the focused button, as a keyboard user confirms.
    const confirm = within(dialog).getByRole('button', { name: 'Make owner' });
    confirm.focus();
    fireEvent.click(confirm);
    release();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Moderation' })).toBeNull());
    const title = await screen.findByRole('heading', { name: 'Joined Rooms' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('dialog', { name: 'Joined Rooms' }).contains(title)).toBe(true);
  });

  it("is offered to an administrator on every row but the owner's and their own", async () => {
    const admin: PublicUser = { ...inRoom, id: 'u9', role: 'admin', activeNickname: 'Mod🐸 ada' };
    const adminsView: MembersResponse = {
      isOwner: false,
      roomCreator: 'u2',
      members: [member('u2', 'bob'), member('u3', 'cat'), member('u9', 'Mod🐸 ada')],
    };
    openChat(admin, adminsView);
    const drawer = await openDrawer('Joined as: Mod');
    const panel = await within(drawer).findByRole('region', { name: 'Moderator Mode' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Make cat the owner' }));
    expect(within(panel).queryByRole('button', { name: 'Make bob the owner' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Make Mod.* the owner/ })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Make cat the owner?' });
    expect(within(dialog).getByText(/They will be able to remove people/)).toBeTruthy();
  });

  it('is not offered to a member who does not own the room', async () => {
    openChat(inRoom, ownersView, 'u2');
    const drawer = await openDrawer('Joined Rooms');
    expect(await within(drawer).findByRole('button', { name: 'Leave this room' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /the owner$/ })).toBeNull();
  });
});

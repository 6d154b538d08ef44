import { QueryClientProvider } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MembersResponse, RoomBan } from '../../contract/rooms';
import { ModerationPanel } from '../../client/features/rooms/components/moderation-panel';
import { createQueryClient } from '../../client/lib/query-client';
import { fakeApi, testUser, type FetchCall } from './render-app';
import { renderWithMantine } from './render-mantine';

const BANS = '/api/rooms/room-a/bans';
const bob: RoomBan = { userId: 'u2', nickname: 'bob', bannedAt: 2000 };
const carol: RoomBan = { userId: 'u3', nickname: 'carol', bannedAt: 1000 };
const noMembers: MembersResponse = { isOwner: true, roomCreator: 'u1', members: [] };
const withDave: MembersResponse = {
  ...noMembers,
  members: [
    { _id: 'm4', activeNickname: 'dave', userId: { id: 'u4', _id: 'u4', email: 'd@x.io' } },
  ],
};

type Reply = { status: number; body?: unknown };

/** The panel over a fake API whose list of bans the test changes as the server would. */
function renderPanel(
  initialBans: RoomBan[],
  members: MembersResponse = noMembers,
  answer: (call: FetchCall) => Reply | undefined = () => undefined,
) {
  let bans = initialBans;
  const api = fakeApi(testUser, (call) => {
    const custom = answer(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === BANS) return { status: 200, body: { bans } };
    if (call.method === 'DELETE' && call.path.startsWith(`${BANS}/`)) {
      const userId = decodeURIComponent(call.path.slice(BANS.length + 1));
      const lifted = bans.find((ban) => ban.userId === userId);
      bans = bans.filter((ban) => ban.userId !== userId);
      return lifted
        ? { status: 200, body: { success: true, message: `User ${lifted.nickname} unbanned.` } }
        : { status: 404, body: { error: 'That user is not banned from this room' } };
    }
    if (call.method === 'POST' && call.path === '/api/rooms/room-a/kick') {
      bans = [{ userId: 'u4', nickname: 'dave', bannedAt: 3000 }, ...bans];
      return { status: 200, body: { success: true, message: 'User dave kicked successfully.' } };
    }
    return undefined;
  });
  renderWithMantine(
    <QueryClientProvider client={createQueryClient()}>
      <ModerationPanel roomId="room-a" members={members} currentUserId="u1" isAdmin={false} />
    </QueryClientProvider>,
  );
  const bansFetches = () => api.calls.filter((c) => c.method === 'GET' && c.path === BANS);
  return { ...api, bansFetches };
}

const removedList = async () =>
  screen.findByRole('region', { name: 'Removed' }).then((region) => within(region));

describe('moderation panel: removed (banned) people', () => {
  it('lists the people kicked from the room, newest first, each with an Unban button', async () => {
    renderPanel([bob, carol]);
    const removed = await removedList();
    expect(removed.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'bobUnban',
      'carolUnban',
    ]);
    expect(removed.getByRole('button', { name: 'Unban bob' })).toBeTruthy();
    expect(removed.getByRole('button', { name: 'Unban carol' })).toBeTruthy();
    // Nobody is left to kick, and the panel still says so.
    expect(screen.getByText('No members to kick')).toBeTruthy();
  });

  it('unbans through the API, says so and refreshes the list', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { calls, bansFetches } = renderPanel([bob, carol]);
    fireEvent.click((await removedList()).getByRole('button', { name: 'Unban bob' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'green', message: 'User bob unbanned.' }),
      ),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${BANS}/u2`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unban bob' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Unban carol' })).toBeTruthy();
    expect(bansFetches()).toHaveLength(2);
  });

  it("shows the server's error when an unban fails, else 'Failed to unban user'", async () => {
    const show = vi.spyOn(notifications, 'show');
    let status = 403;
    renderPanel([bob], noMembers, (call) =>
      call.method === 'DELETE'
        ? { status, body: status === 403 ? { error: 'Only the room owner or a moderator' } : {} }
        : undefined,
    );
    const removed = await removedList();
    fireEvent.click(removed.getByRole('button', { name: 'Unban bob' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: 'Only the room owner or a moderator' }),
      ),
    );
    status = 500;
    const unbanBob = () => removed.getByRole<HTMLButtonElement>('button', { name: 'Unban bob' });
    await waitFor(() => expect(unbanBob().disabled).toBe(false));
    fireEvent.click(unbanBob());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: 'Failed to unban user' }),
      ),
    );
  });

  it('moves a kicked member to the Removed list, naming them in the notice', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { bansFetches } = renderPanel([], withDave);
    expect(screen.queryByRole('region', { name: 'Removed' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Kick dave' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'User dave kicked successfully.' }),
      ),
    );
    expect((await removedList()).getByRole('button', { name: 'Unban dave' })).toBeTruthy();
    expect(bansFetches()).toHaveLength(2);
  });

  it('keeps the focus in the panel when a kick or an unban takes its button away', async () => {
    renderPanel([bob], withDave);
    const title = screen.getByRole('heading', { name: 'Moderation' });
    const kickDave = await screen.findByRole('button', { name: 'Kick dave' });
    kickDave.focus();
    fireEvent.click(kickDave);
    await waitFor(() => expect(document.activeElement).toBe(title));

    const unbanBob = (await removedList()).getByRole('button', { name: 'Unban bob' });
    unbanBob.focus();
    fireEvent.click(unbanBob);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unban bob' })).toBeNull());
    expect(document.activeElement).toBe(title);
  });

  it('names the kicked member by nickname when the server answers no message', async () => {
    const show = vi.spyOn(notifications, 'show');
    renderPanel([], withDave, (call) =>
      call.method === 'POST' ? { status: 200, body: { success: true } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Kick dave' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'User dave kicked successfully.' }),
      ),
    );
  });
});

describe('moderation panel: who can be kicked', () => {
  it('offers no Kick for an administrator in the room under an ordinary nickname', async () => {
    // The server refuses to kick an administrator ('Moderators cannot be kicked'), whatever
    // nickname they joined under (an invite link keeps their usual one).
    const withAdmin: MembersResponse = {
      ...noMembers,
      members: [
        ...withDave.members,
        {
          _id: 'm5',
          activeNickname: 'erin',
          userId: { id: 'u5', _id: 'u5', email: 'erin@x.io' },
          moderator: true,
        },
      ],
    };
    renderPanel([], withAdmin);
    expect(await screen.findByRole('button', { name: 'Kick dave' })).toBeTruthy();
    expect(screen.getByText(/^erin/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kick erin' })).toBeNull();
  });
});

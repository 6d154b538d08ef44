/**
 * 'Room settings' in the owner's moderation panel: the name with the creation's rules and
 * words, Save with 'Room renamed.' and the lists read again; 'Delete this room' behind a
 * confirm, then /join. Not shown to a member who does not own the room.
 */
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { roomMessages, type MembersResponse, type RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };
const weekend = (extra: Partial<RoomSummary> = {}): RoomSummary => ({
  _id: 'room-a',
  roomId: 'room-a',
  name: 'Weekend',
  activeNickname: 'ada',
  unreadCount: 0,
  ...extra,
});
const ownersMembers: MembersResponse = { isOwner: true, roomCreator: 'u1', members: [] };

type Reply = { status: number; body?: unknown } | undefined;

async function openChat(
  room: RoomSummary,
  handle: (call: FetchCall) => Reply = () => undefined,
  user: PublicUser = inRoom,
  listed: () => RoomSummary = () => room,
) {
  window.localStorage.setItem('joinedRoomId', JSON.stringify('room-a'));
  const api = fakeApi(user, (call) => {
    if (call.path === '/api/rooms') return { status: 200, body: [listed()] };
    if (call.path.startsWith('/api/rooms/room-a/members') && room.isOwner) {
      return { status: 200, body: ownersMembers };
    }
    if (call.path.startsWith('/api/rooms/room-a/bans')) return { status: 200, body: { bans: [] } };
    return handle(call);
  });
  const view = renderApp('/chat/room-a');
  // The first screen of the file also loads its modules: setup.ts gives waitFor 10 s for it.
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  act(() => socket.last('join')?.ack?.({}));
  act(() => socket.receive('chatHistory', []));
  const roomData = { room: 'room-a', name: room.name, users: [{ nickname: 'ada' }] };
  act(() => socket.receive('roomData', roomData));
  return { ...view, ...api, socket };
}

async function openSettings(drawerName: RegExp = /Rooms/) {
  fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
  const drawer = await screen.findByRole('dialog', { name: drawerName });
  return within(await within(drawer).findByRole('region', { name: 'Room settings' }));
}

beforeEach(() => {
  vi.restoreAllMocks();
  sockets.length = 0;
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("the owner's room settings", () => {
  it('checks the name as creation does, before asking the server', async () => {
    const { calls } = await openChat(weekend({ isOwner: true }));
    const settings = await openSettings();
    const field = await settings.findByLabelText('Room name');
    expect((field as HTMLInputElement).value).toBe('Weekend');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(settings.getByRole('button', { name: 'Save' }));
    expect(await settings.findByText(roomMessages.roomNameRequired)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x'.repeat(51) } });
    fireEvent.click(settings.getByRole('button', { name: 'Save' }));
    expect(await settings.findByText(roomMessages.roomNameTooLong)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('saves the new name, says so, reads the room list again, and the header takes it', async () => {
    let name = 'Weekend';
    const { calls, socket } = await openChat(weekend({ isOwner: true }), (call) =>
      call.method === 'PATCH' && call.path === '/api/rooms/room-a'
        ? { status: 200, body: { success: true, name: (name = 'Holiday') } }
        : undefined,
    );
    const show = vi.spyOn(notifications, 'show');
    const settings = await openSettings();
    const listReads = () => calls.filter((call) => call.path === '/api/rooms').length;
    const readsBefore = listReads();
    fireEvent.change(await settings.findByLabelText('Room name'), {
      target: { value: ' Holiday ' },
    });
    fireEvent.click(settings.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Room renamed.' })),
    );
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toEqual({ name: 'Holiday' });
    expect(name).toBe('Holiday');
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
    // The room tells every open chat, this one too.
    act(() =>
      socket.receive('roomData', { room: 'room-a', name: 'Holiday', users: [{ nickname: 'ada' }] }),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Holiday' })).toBeTruthy(),
    );
  });

  it('deletes the room after a confirm, then goes to /join', async () => {
    const { calls, router } = await openChat(weekend({ isOwner: true }), (call) =>
      call.method === 'DELETE' && call.path === '/api/rooms/room-a'
        ? { status: 200, body: { success: true, message: 'Room deleted successfully' } }
        : undefined,
    );
    const settings = await openSettings();
    fireEvent.click(settings.getByRole('button', { name: 'Delete this room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Weekend for everyone?' });
    expect(within(dialog).getByText('Its messages and files will be gone for good.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Delete Weekend/ })).toBeNull(),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(settings.getByRole('button', { name: 'Delete this room' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Weekend for everyone?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'));
    expect(await screen.findByText('You deleted Weekend.')).toBeTruthy();
    expect(window.localStorage.getItem('joinedRoomId')).toBeNull();
  });

  it('is not shown to a member who does not own the room', async () => {
    await openChat(weekend());
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: /Rooms/ });
    expect(await within(drawer).findByRole('button', { name: 'Leave this room' })).toBeTruthy();
    expect(within(drawer).queryByRole('region', { name: 'Room settings' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Delete this room' })).toBeNull();
  });
});

describe('the focus after a rename', () => {
  /** A server that renames the room to what it is sent, and lists it under that name. */
  function renamingServer() {
    let name = 'Weekend';
    return {
      listed: () => weekend({ isOwner: true, name }),
      handle: (call: FetchCall): Reply => {
        if (call.method !== 'PATCH' || call.path !== '/api/rooms/room-a') return undefined;
        name = (call.body as { name: string }).name;
        return { status: 200, body: { success: true, name } };
      },
    };
  }

  it("stays in the owner's 'Room name' after Enter, once the list brings the new name", async () => {
    const server = renamingServer();
    const { calls } = await openChat(
      weekend({ isOwner: true }),
      server.handle,
      inRoom,
      server.listed,
    );
    const settings = await openSettings();
    const field = (await settings.findByLabelText('Room name')) as HTMLInputElement;
    field.focus();
    fireEvent.change(field, { target: { value: 'Holiday' } });
    const listReads = calls.filter((call) => call.path === '/api/rooms').length;
    // Enter in the field submits its form.
    fireEvent.submit(field.closest('form')!);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/rooms').length).toBeGreaterThan(listReads),
    );
    await waitFor(() => expect(screen.getAllByText('Holiday').length).toBeGreaterThan(0));
    const now = screen.getByLabelText('Room name') as HTMLInputElement;
    expect(now.value).toBe('Holiday');
    expect(document.activeElement).toBe(now);
  });

  it("stays on an administrator's Save, and a name changed elsewhere still shows", async () => {
    const server = renamingServer();
    const admin: PublicUser = { ...inRoom, role: 'admin', activeNickname: 'Mod🐸 ada' };
    const { calls, socket } = await openChat(
      weekend(),
      (call) =>
        call.path.startsWith('/api/rooms/room-a/members')
          ? { status: 200, body: { ...ownersMembers, isOwner: false, roomCreator: 'u2' } }
          : server.handle(call),
      admin,
      server.listed,
    );
    const settings = await openSettings(/Joined as/);
    const field = (await settings.findByLabelText('Room name')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Holiday' } });
    const save = settings.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patchAt = calls.findIndex((call) => call.method === 'PATCH');
    // The list's read after the rename, and a moment for its answer to render.
    await waitFor(() =>
      expect(calls.slice(patchAt).some((call) => call.path === '/api/rooms')).toBe(true),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect((screen.getByLabelText('Room name') as HTMLInputElement).value).toBe('Holiday');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));

    // Renamed in another tab: the room says so, and the list read again shows it in the field.
    server.handle({ method: 'PATCH', path: '/api/rooms/room-a', body: { name: 'Retreat' } });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    act(() => socket.receive('roomChanged', { roomId: 'room-a', what: 'name' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Room name') as HTMLInputElement).value).toBe('Retreat'),
    );
  });
});

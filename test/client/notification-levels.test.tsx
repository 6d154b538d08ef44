/**
 * Notification levels on screen (issue 35 item 3): the bell's menu, the change through the
 * rooms cache (optimistic, put back on a refusal), the Muted mark, the tab title's total, and
 * the open app's notifications following the level.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationLevel } from '../../contract/notifications';
import type { ChatMessage } from '../../contract/realtime';
import type { RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { NotificationMenu } from '../../client/features/chat/components/notification-menu';
import {
  useMessageNotifications,
  type NotificationPermissionState,
} from '../../client/features/chat/hooks/use-message-notifications';
import { useSetNotificationLevel } from '../../client/features/rooms/api/set-notification-level';
import { RoomCard } from '../../client/features/rooms/components/room-card';
import { createQueryClient } from '../../client/lib/query-client';
import { roomsKeys } from '../../client/lib/query-keys';
import { unreadTotal } from '../../client/lib/unread/read-marks';
import { subscribeToPush } from '../../client/lib/push-subscription';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';
import { renderWithMantine } from './render-mantine';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));
vi.mock('../../client/lib/push-subscription', () => ({
  subscribeToPush: vi.fn(async () => true),
  unsubscribeFromPush: vi.fn(async () => {}),
}));

const room = (roomId: string, extra: Partial<RoomSummary> = {}): RoomSummary => ({
  _id: roomId,
  roomId,
  name: `Room ${roomId}`,
  activeNickname: 'ada',
  unreadCount: 3,
  notificationLevel: 'all',
  notificationLevelChosen: false,
  ...extra,
});

function menu(
  level: NotificationLevel | undefined,
  permission: NotificationPermissionState,
  chosen = false,
) {
  const onChoose = vi.fn();
  const onAllow = vi.fn();
  renderWithMantine(
    <NotificationMenu
      level={level}
      chosen={chosen}
      onChoose={onChoose}
      permission={permission}
      onAllow={onAllow}
    />,
  );
  return { onChoose, onAllow };
}

/** The browser's Notification, counting what is shown as 'title | body' in `shown`. */
const shown: string[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  onclick: (() => void) | null = null;
  constructor(title: string, options: NotificationOptions) {
    shown.push(`${title} | ${options.body}`);
  }
  close() {}
}

/** A message from bob, as the room sends it. */
const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  user: 'bob',
  text: `<p>message ${id}</p>`,
  messageType: 'user',
  createdAt: id,
  ...extra,
});

describe('the bell’s menu', () => {
  it('names the level on the bell and checks it among the three, marked as the default', async () => {
    const { onChoose } = menu('all', 'granted');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications: All messages' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'All messages(default)',
      'Mentions and replies',
      'Off',
    ]);
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    // Granted: nothing to ask, nothing to say.
    expect(screen.queryByRole('menuitem')).toBeNull();
    expect(screen.queryByText(/blocked/)).toBeNull();

    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Off' }));
    expect(onChoose).toHaveBeenCalledWith('off');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('says nothing of a default once the person chose', async () => {
    menu('mentions', 'granted', true);
    await userEvent.click(
      screen.getByRole('button', { name: 'Notifications: Mentions and replies' }),
    );
    expect(
      screen
        .getByRole('menuitemradio', { name: 'Mentions and replies' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.queryByText('(default)')).toBeNull();
  });

  it('asks the browser’s permission from its item while it has not been asked', async () => {
    const { onAllow, onChoose } = menu('all', 'default');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications: All messages' }));
    await userEvent.click(
      screen.getByRole('menuitem', { name: 'Allow notifications in this browser' }),
    );
    expect(onAllow).toHaveBeenCalledTimes(1);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('says so when the browser blocks notifications or has none, and offers no asking', async () => {
    menu('off', 'denied');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications: Off' }));
    expect(
      screen.getByText("Notifications are blocked in this browser's site settings"),
    ).toBeTruthy();
    expect(screen.queryByRole('menuitem')).toBeNull();
    // The levels are still there: they decide push on the person's other devices too.
    expect(screen.getAllByRole('menuitemradio')).toHaveLength(3);
  });

  it('shows no check before the room list has said, on a bell named plainly', async () => {
    menu(undefined, 'unsupported');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('This browser cannot show notifications')).toBeTruthy();
    for (const item of screen.getAllByRole('menuitemradio')) {
      expect(item.getAttribute('aria-checked')).toBe('false');
    }
  });
});

describe('choosing a level', () => {
  function setup(reply: { status: number; body?: unknown }) {
    const queryClient = createQueryClient();
    const key = roomsKeys.list('u1');
    queryClient.setQueryData<RoomSummary[]>(key, [room('r1'), room('r2')]);
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = fakeApi(null, (call) => (call.method === 'PUT' ? reply : undefined));
    // The PUT waits for the test, so the optimistic state can be seen before the answer.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if (args[1]?.method === 'PUT') await held;
      return realFetch(...args);
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    );
    const { result } = renderHook(() => useSetNotificationLevel('u1'), { wrapper });
    const levels = () =>
      queryClient.getQueryData<RoomSummary[]>(key)?.map((entry) => entry.notificationLevel);
    return { result, calls, levels, answer: () => answer?.() };
  }

  it('PUTs it and shows it in the room list at once', async () => {
    const { result, calls, levels, answer } = setup({ status: 200, body: { level: 'off' } });
    act(() => result.current.mutate({ roomId: 'r2', level: 'off' }));
    await waitFor(() => expect(levels()).toEqual(['all', 'off']));
    answer();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/rooms/r2/notifications',
      body: { level: 'off' },
    });
  });

  it('puts the old level back and says so when the server refuses', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { result, levels, answer } = setup({ status: 404, body: { error: 'Room not found' } });
    act(() => result.current.mutate({ roomId: 'r1', level: 'mentions' }));
    await waitFor(() => expect(levels()).toEqual(['mentions', 'all']));
    answer();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(levels()).toEqual(['all', 'all']);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Room not found' }),
    );
  });
});

describe('muted rooms', () => {
  const card = (summary: RoomSummary) =>
    renderWithMantine(
      <MemoryRouter>
        <RoomCard room={summary} />
      </MemoryRouter>,
    );

  it('carry a Muted mark in the room list; other levels none', () => {
    card(room('r1', { notificationLevel: 'off' }));
    expect(screen.getByRole('img', { name: 'Muted' })).toBeTruthy();
  });

  it('has no mark for mentions and replies', () => {
    card(room('r1', { notificationLevel: 'mentions' }));
    expect(screen.queryByRole('img', { name: 'Muted' })).toBeNull();
  });

  it('do not count in the tab title’s total', () => {
    const rooms = [room('a'), room('b', { notificationLevel: 'off' }), room('c')];
    expect(unreadTotal(rooms)).toBe(6);
    expect(unreadTotal(rooms, 'a')).toBe(3);
  });
});

describe('the open app’s notifications follow the level', () => {
  beforeEach(() => {
    shown.length = 0;
    FakeNotification.permission = 'granted';
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
  });

  const plain = message(1);
  const mention = message(2, { mentions: ['Ada'] });
  const reply = message(3, { replyTo: { id: 9, user: 'ADA', excerpt: 'mine' } });
  const replyToOther = message(4, { replyTo: { id: 8, user: 'carol', excerpt: 'hers' } });
  const replyToDeleted = message(5, { replyTo: { id: 7, deleted: true } });

  function notifier(level: NotificationLevel | undefined) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter>{children}</MemoryRouter>
    );
    return renderHook(
      ({ current }) =>
        useMessageNotifications({
          roomId: 'r',
          roomName: 'Lobby',
          nickname: 'ada',
          level: current,
        }),
      { wrapper, initialProps: { current: level } },
    );
  }

  const sendAll = (notify: (message: ChatMessage) => void) => {
    for (const each of [plain, mention, reply, replyToOther, replyToDeleted]) notify(each);
  };

  it("'all': every message from someone else", () => {
    sendAll(notifier('all').result.current.notify);
    expect(shown).toEqual([
      'Lobby | bob: message 1',
      'bob mentioned you in Lobby | bob: message 2',
      'bob replied to you in Lobby | bob: message 3',
      'Lobby | bob: message 4',
      'Lobby | bob: message 5',
    ]);
  });

  it("'mentions' (and a level not known yet): only a mention of the person or a reply to one of their messages", () => {
    sendAll(notifier('mentions').result.current.notify);
    // Not yet known: the room may be muted, so no ordinary message; one addressed to the
    // person still comes (push skips them while the room is open here).
    sendAll(notifier(undefined).result.current.notify);
    expect(shown).toEqual(
      [1, 2].flatMap(() => [
        'bob mentioned you in Lobby | bob: message 2',
        'bob replied to you in Lobby | bob: message 3',
      ]),
    );
  });

  it("'off': nothing, and a change of level holds from the next message", () => {
    const hook = notifier('off');
    sendAll(hook.result.current.notify);
    expect(shown).toEqual([]);
    hook.rerender({ current: 'mentions' });
    hook.result.current.notify(mention);
    expect(shown).toEqual(['bob mentioned you in Lobby | bob: message 2']);
  });

  it('a reply to the person notifies a shown tab whose window is behind, as a mention does', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    sendAll(notifier('all').result.current.notify);
    expect(shown).toEqual([
      'bob mentioned you in Lobby | bob: message 2',
      'bob replied to you in Lobby | bob: message 3',
    ]);
  });

  it('asks the permission only when told to, then subscribes this browser to push', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockClear();
    FakeNotification.requestPermission.mockResolvedValueOnce('granted');
    const hook = notifier('all');
    expect(hook.result.current.permission).toBe('default');
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    hook.result.current.notify(plain);
    expect(shown).toEqual([]);

    await act(() => hook.result.current.allow());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(hook.result.current.permission).toBe('granted');
    expect(subscribeToPush).toHaveBeenCalledTimes(1);
    hook.result.current.notify(plain);
    expect(shown).toEqual(['Lobby | bob: message 1']);
  });

  it('follows a permission changed in the browser’s site settings while the chat is open', async () => {
    FakeNotification.permission = 'denied';
    const status = new EventTarget();
    vi.stubGlobal('navigator', { ...navigator, permissions: { query: async () => status } });
    const hook = notifier('all');
    expect(hook.result.current.permission).toBe('denied');
    // The listener is in place once the query has answered.
    await act(async () => {});
    FakeNotification.permission = 'granted';
    act(() => void status.dispatchEvent(new Event('change')));
    expect(hook.result.current.permission).toBe('granted');
    hook.result.current.notify(plain);
    expect(shown).toEqual(['Lobby | bob: message 1']);
  });

  it('does not subscribe to push when the person refuses', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockResolvedValueOnce('denied');
    vi.mocked(subscribeToPush).mockClear();
    const hook = notifier('all');
    await act(() => hook.result.current.allow());
    expect(hook.result.current.permission).toBe('denied');
    expect(subscribeToPush).not.toHaveBeenCalled();
  });
});

describe('a room the room list does not hold (it stops at 200 rooms)', () => {
  const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };

  beforeEach(() => {
    shown.length = 0;
    sockets.length = 0;
    FakeNotification.permission = 'granted';
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
  });

  /** The chat open on room-a, the list holding only `listed`; the room's own GET held. */
  async function openChat(listed: RoomSummary[]) {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = fakeApi(inRoom, (call) => {
      if (call.path === '/api/rooms') return { status: 200, body: listed };
      if (call.path === '/api/rooms/room-a/notifications' && call.method === 'GET') {
        return { status: 200, body: { level: 'off', chosen: true } };
      }
      return undefined;
    });
    const answering = globalThis.fetch;
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]) === '/api/rooms/room-a/notifications') {
        asked.push(args[1]?.method ?? 'GET');
        await held;
      }
      return answering(...args);
    });
    renderApp('/chat/room-a');
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    act(() => socket.receive('connect'));
    act(() => socket.last('join')?.ack?.({}));
    act(() => socket.receive('chatHistory', []));
    const listAnswered = () =>
      waitFor(() => expect(calls.some((call) => call.path === '/api/rooms')).toBe(true));
    return { socket, asked: () => asked, answer, listAnswered };
  }

  it('asks the room’s own level: muted, its bell says Off and nothing notifies', async () => {
    const { socket, asked, answer, listAnswered } = await openChat([room('room-b')]);
    await listAnswered();
    // Not known yet: not as 'all' (the room may be muted, as this one is).
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    act(() => socket.receive('message', message(1)));
    expect(shown).toEqual([]);
    await waitFor(() => expect(asked()).toHaveLength(1));

    answer();
    expect(await screen.findByRole('button', { name: 'Notifications: Off' })).toBeTruthy();
    act(() => socket.receive('message', message(2)));
    act(() => socket.receive('message', message(3, { mentions: ['ada'] })));
    expect(shown).toEqual([]);
    expect(asked()).toEqual(['GET']);
  });

  it('does not ask for a room the list holds', async () => {
    const { socket, answer, asked } = await openChat([
      room('room-a', { notificationLevel: 'mentions' }),
    ]);
    answer();
    expect(
      await screen.findByRole('button', { name: 'Notifications: Mentions and replies' }),
    ).toBeTruthy();
    act(() => socket.receive('message', message(1)));
    act(() => socket.receive('message', message(2, { mentions: ['ada'] })));
    expect(shown).toEqual(['bob mentioned you in Chat Rooms | bob: message 2']);
    expect(asked()).toEqual([]);
  });
});

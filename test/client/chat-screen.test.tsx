import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import type { PublicUser } from '../../contract/user';
import { outboxStorage } from '../../client/lib/outbox-storage';
import { endingRoom, ownEndingNotice } from '../../client/lib/own-room-endings';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';

/** A connect_error as socket.io-client raises it for the room's refusal: words, and the code in data. */
function refusal(message: string, code: string) {
  return Object.assign(new Error(message), { data: { code } });
}

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };
const message = (id: number, user: string, text: string): ChatMessage => ({
  id,
  user,
  text,
  messageType: 'user',
  createdAt: id,
});

async function openChat(user: PublicUser = inRoom, handle?: Parameters<typeof fakeApi>[1]) {
  const api = fakeApi(user, handle);
  const view = renderApp('/chat/room-a');
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  return { ...view, ...api, socket };
}

/** Joined with the history shown, then the transport dropped; socket.io-client retries. */
async function droppedAfterJoining() {
  const chat = await openChat();
  act(() => chat.socket.last('join')?.ack?.({}));
  act(() => chat.socket.receive('chatHistory', []));
  chat.socket.active = true;
  act(() => chat.socket.receive('disconnect', 'transport close'));
  return chat;
}

beforeEach(() => {
  sockets.length = 0;
});

describe('chat screen', () => {
  it('connects to the room, joins under the nickname and shows the history', async () => {
    const { socket } = await openChat();
    expect(socket.url).toBe(window.location.origin);
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      query: { room: 'room-a' },
      reconnectionAttempts: 5,
    });
    expect(socket.last('join')?.payload).toEqual({
      name: 'ada',
      room: 'room-a',
      account: testUser.id,
    });
    expect(screen.getByLabelText('Loading messages')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Connected' })).toBeTruthy();

    act(() =>
      socket.receive('chatHistory', [
        message(1, 'ada', 'mine'),
        message(2, 'bob', '<b>theirs</b><img src=x onerror="alert(1)">'),
      ]),
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.hasAttribute('data-own'))).toEqual([true, false]);
    expect(within(items[1]!).getByText('theirs').tagName).toBe('B');
    expect(log.innerHTML).not.toContain('onerror');
    expect(within(items[1]!).getByText('bob')).toBeTruthy();
  });

  it("trusts the history's word on whose messages are the reader's, over the nickname", async () => {
    const { socket } = await openChat();
    act(() => socket.last('join')?.ack?.({}));
    act(() =>
      socket.receive('chatHistory', [
        // Written by whoever was 'ada' here before this account took the name.
        { ...message(1, 'ada', 'an earlier ada'), mine: false },
        // This account's own, from before it took the name 'ada'.
        { ...message(2, 'adele', 'before my rename'), mine: true },
        { ...message(3, 'ada', 'mine now'), mine: true },
      ]),
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.hasAttribute('data-own'))).toEqual([false, true, true]);

    // No Edit or Delete on the stranger's message (the room refuses them)...
    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Actions for/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // ...and both on the reader's own from before the rename (the room allows them).
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Actions for/ }));
    const own = await screen.findByRole('menu');
    expect(within(own).getByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    expect(within(own).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();

    // A live message carries no mark: its author holds the name it came under.
    act(() => socket.receive('message', message(4, 'ada', 'from my other tab')));
    act(() => socket.receive('message', message(5, 'bob', 'hello')));
    const after = within(log).getAllByRole('listitem');
    expect(after.map((item) => item.hasAttribute('data-own'))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('says when the room is empty, and pops system messages up instead of listing them', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { socket } = await openChat();
    act(() => socket.receive('chatHistory', []));
    expect(screen.getByText('No messages yet...')).toBeTruthy();

    act(() =>
      socket.receive('message', {
        ...message(0, 'System', 'bob has joined the room'),
        id: 'notice-1',
        messageType: 'system-simple',
      }),
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        position: 'bottom-right',
        autoClose: 2500,
        withCloseButton: false,
      }),
    );
    expect(screen.getByText('No messages yet...')).toBeTruthy();
  });

  it('resumes after a reconnect from the last id without repeating messages', async () => {
    const { socket } = await openChat();
    act(() => socket.receive('chatHistory', [message(1, 'ada', 'one'), message(2, 'bob', 'two')]));
    act(() => {
      socket.receive('disconnect', 'transport close');
    });
    expect(screen.getByRole('img', { name: 'Not connected' })).toBeTruthy();
    act(() => socket.receive('connect'));
    expect(socket.last('join')?.payload).toEqual({
      name: 'ada',
      room: 'room-a',
      lastMessageId: 2,
      account: testUser.id,
    });
    act(() =>
      socket.receive('chatHistory', [message(2, 'bob', 'two'), message(3, 'bob', 'three')]),
    );
    act(() => socket.receive('message', message(3, 'bob', 'three')));
    const items = within(screen.getByRole('log')).getAllByRole('listitem');
    // Each item: the text, then the author and the time.
    expect(items.map((item) => item.textContent?.split(' · ')[0])).toEqual([
      'oneada',
      'twobob',
      'threebob',
    ]);
  });

  it('sends on Enter, never blank text, and puts a refused text back with the reason', async () => {
    const { socket } = await openChat();
    // Sends wait for the join's answer (the outbox sends them then).
    act(() => socket.last('join')?.ack?.({}));
    act(() => socket.receive('chatHistory', []));
    const box = screen.getByRole('textbox', { name: 'Message' });

    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(socket.last('sendMessage')).toBeUndefined();

    fireEvent.change(box, { target: { value: ' hello ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(socket.last('sendMessage')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sent = socket.last('sendMessage')!;
    expect(sent.payload).toEqual({ text: 'hello', roomId: 'room-a', clientId: expect.any(String) });
    expect((box as HTMLTextAreaElement).value).toBe('');

    expect(screen.getByText('Sending…')).toBeTruthy();
    act(() => sent.ack?.({ error: 'Message cannot be empty', code: 'empty_message' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(' hello '));
    expect(screen.getByRole('alert').textContent).toBe('Not sent: Message cannot be empty');
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it('sends a queue typed while offline at the room’s pace, each once and in order', async () => {
    const { socket } = await droppedAfterJoining();
    const box = screen.getByRole('textbox', { name: 'Message' });
    const texts = Array.from({ length: 15 }, (_, i) => `queued ${i + 1}`);
    for (const text of texts) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    expect(screen.getAllByText('Sending…')).toHaveLength(15);
    const sends = () => socket.emitted.filter((entry) => entry.event === 'sendMessage');
    expect(sends()).toHaveLength(0);

    act(() => socket.receive('connect'));
    act(() => socket.last('join')?.ack?.({}));
    // One at a time, oldest first: each answered as it comes, as the room does.
    const startedAt = Date.now();
    for (let i = 0; i < texts.length; i++) {
      await waitFor(() => expect(sends()).toHaveLength(i + 1), { timeout: 2000 });
      act(() => sends()[i]!.ack?.({ id: i + 1 }));
    }
    expect(sends().map((entry) => (entry.payload as { text: string }).text)).toEqual(texts);
    // Past a burst, at a pace under the room's 5 a second: the last seven took over a second.
    expect(Date.now() - startedAt).toBeGreaterThan(1000);
    act(() =>
      socket.receive(
        'chatHistory',
        texts.map((text, i) => message(i + 1, 'ada', text)),
      ),
    );
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
  });

  it('sends a text refused as too fast again, before anything typed after it', async () => {
    const { socket } = await openChat();
    act(() => socket.last('join')?.ack?.({}));
    act(() => socket.receive('chatHistory', []));
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    for (const text of ['first', 'second']) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    const sends = () => socket.emitted.filter((entry) => entry.event === 'sendMessage');
    expect(sends()).toHaveLength(1);
    // The person's other tab spent the room's allowance.
    act(() =>
      sends()[0]!.ack?.({ error: 'You are sending messages too fast', code: 'rate_limited' }),
    );
    expect(screen.getAllByText('Sending…')).toHaveLength(2);
    await waitFor(() => expect(sends()).toHaveLength(2), { timeout: 2000 });
    expect(sends()[1]!.payload).toEqual(sends()[0]!.payload);
    act(() => sends()[1]!.ack?.({ id: 1 }));
    await waitFor(() => expect(sends()).toHaveLength(3));
    expect((sends()[2]!.payload as { text: string }).text).toBe('second');
    expect(box.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts every refused text back, after whatever was typed since', async () => {
    const { socket } = await openChat();
    act(() => socket.last('join')?.ack?.({}));
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    for (const text of ['first', 'second']) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    fireEvent.change(box, { target: { value: 'typing on' } });
    const sends = () => socket.emitted.filter((entry) => entry.event === 'sendMessage');
    act(() => sends()[0]!.ack?.({ error: 'Message cannot be empty', code: 'empty_message' }));
    await waitFor(() => expect(sends()).toHaveLength(2));
    act(() => sends()[1]!.ack?.({ error: 'Message cannot be empty', code: 'empty_message' }));
    await waitFor(() => expect(box.value).toBe('typing on\nfirst\nsecond'));
  });

  it('gives a waiting text back when the room shuts the person out', async () => {
    const { socket } = await droppedAfterJoining();
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'said while offline' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByText('Sending…')).toBeTruthy();
    // Kicked meanwhile: the reconnect is refused, and socket.io-client stops retrying.
    socket.active = false;
    act(() =>
      socket.receive('connect_error', refusal('You have been banned from this room', 'banned')),
    );
    await screen.findByRole('dialog', { name: 'Unable to join the chat' });
    await waitFor(() => expect(box.value).toBe('said while offline'));
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it('puts a text from before a reload back in the box when the room refuses it', async () => {
    // Typed on the last visit as an answer to message 4, which was deleted meanwhile.
    outboxStorage(inRoom.id, 'room-a').save({
      clientId: '6f1c1f5e-2b1a-4c55-9d0e-3b7f0b7c9a01',
      text: 'typed before the reload',
      replyTo: 4,
      createdAt: Date.now(),
    });
    const { socket } = await openChat();
    expect(await screen.findByText('typed before the reload')).toBeTruthy();
    act(() => socket.last('join')?.ack?.({}));
    act(() => socket.receive('chatHistory', []));
    const send = await waitFor(() => socket.last('sendMessage')!);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'typing now' } });
    act(() =>
      send.ack?.({
        error: 'The message you reply to is not in this room',
        code: 'message_not_found',
      }),
    );
    await waitFor(() => expect(box.value).toBe('typing now\ntyped before the reload'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Not sent: The message you reply to is not in this room',
    );
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it('offers a reader scrolled back a way down to the messages that came meanwhile', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    // Spies, restored after the test: deleting window.scrollY would take jsdom's own with it.
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(5000);
    const scrollY = vi.spyOn(window, 'scrollY', 'get');
    const scrollAt = (y: number) => {
      scrollY.mockReturnValue(y);
      act(() => window.dispatchEvent(new Event('scroll')));
    };
    const { socket } = await openChat();
    act(() => socket.last('join')?.ack?.({}));
    act(() => socket.receive('chatHistory', [message(1, 'bob', 'earlier')]));
    scrollAt(5000 - window.innerHeight);
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull();

    scrollAt(0); // back up, reading
    act(() => socket.receive('message', message(2, 'bob', 'one')));
    act(() => socket.receive('message', message(3, 'ada', 'mine, from another tab')));
    act(() => socket.receive('message', message(4, 'bob', 'two')));
    act(() => socket.receive('message', message(5, 'cy', 'three')));
    const down = await screen.findByRole('button', { name: '2 new messages' });
    // A tap leaves the focus alone (a phone would open its keyboard for the box)...
    down.focus();
    fireEvent.click(down, { detail: 1 });
    expect(document.activeElement).toBe(down);
    // ...and from the keyboard the focus goes to the box, not with the button it vanished.
    fireEvent.click(down, { detail: 0 });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 5000, behavior: 'smooth' });
    scrollAt(5000 - window.innerHeight);
    await waitFor(() => expect(screen.queryByRole('button', { name: /new message/ })).toBeNull());
  });

  // Signed out in another tab, the next person at this screen must not read the room behind
  // the dialog: its history, its pins and who is online go with the refusal.
  it('takes the history off the screen when the room shuts the person out', async () => {
    const { socket } = await openChat();
    act(() => socket.last('join')?.ack?.({}));
    act(() => socket.receive('chatHistory', [message(1, 'bob', 'a private word')]));
    await screen.findByText('a private word');
    act(() => socket.receive('connect_error', refusal('You have been logged out', 'kicked')));
    await screen.findByRole('dialog', { name: 'Unable to join the chat' });
    await waitFor(() => expect(screen.queryByText('a private word')).toBeNull());
  });

  it('shows join and connection errors in a dialog that only leads away', async () => {
    const { socket } = await openChat();
    act(() =>
      socket
        .last('join')
        ?.ack?.({ error: 'You are not a member of this room', code: 'not_member' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unable to join the chat' });
    expect(within(dialog).getByText(/^You are not a member of this room\./)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Join A New Room' }).getAttribute('href')).toBe(
      '/join',
    );
    expect(within(dialog).getByRole('link', { name: 'Return To Home' }).getAttribute('href')).toBe(
      '/',
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Unable to join the chat' })).toBeTruthy();
  });

  it('goes to /join when the room is deleted, and leaves the room on the way out', async () => {
    const { socket, router } = await openChat();
    act(() => socket.receive('room-deleted', { roomId: 'room-a' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'));
    await waitFor(() => expect(socket.disconnected).toBe(true));
    expect(socket.last('leave')?.payload).toEqual({ room: 'room-a' });
    expect(window.localStorage.getItem('joinedRoomId')).toBeNull();
  });

  it('says what the person did when their own block ends the room before its answer', async () => {
    const { socket, router } = await openChat();
    const done = endingRoom('room-a', 'You blocked Bob. Your conversation has ended.');
    act(() => socket.receive('room-deleted', { roomId: 'room-a' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'));
    expect(router.state.location.state).toEqual({
      notice: 'You blocked Bob. Your conversation has ended.',
    });
    done();
    expect(ownEndingNotice('room-a')).toBeUndefined();
  });

  it('goes to /join too when the room was deleted while the person was away', async () => {
    const { socket, router } = await openChat();
    act(() => socket.receive('connect_error', refusal('Room not found', 'room_not_found')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'));
    expect(router.state.location.state).toEqual({
      notice: 'This room does not exist, or was deleted.',
    });
    expect(window.localStorage.getItem('joinedRoomId')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Unable to join the chat' })).toBeNull();
  });

  it('takes the nickname the person chose in another tab, and joins again under it', async () => {
    const { socket } = await openChat();
    act(() => socket.receive('nicknameChanged', { nickname: 'ada_two' }));
    await waitFor(() => expect(sockets).toHaveLength(2));
    await waitFor(() => expect(socket.disconnected).toBe(true));
    act(() => sockets[1]!.receive('connect'));
    expect(sockets[1]!.last('join')?.payload).toEqual({
      name: 'ada_two',
      room: 'room-a',
      account: testUser.id,
    });
    expect(window.localStorage.getItem('activeNickname')).toBe('ada_two');
    expect(window.localStorage.getItem('joinedRoomId')).toBe('room-a');
  });

  it('keeps what is typed and what waits to be sent when another tab renames the person', async () => {
    const { socket } = await openChat();
    act(() => socket.last('join')?.ack?.({}));
    act(() => socket.receive('chatHistory', []));
    // Offline meanwhile: one message waits in the outbox, the next is still being typed.
    socket.active = true;
    act(() => socket.receive('disconnect', 'transport close'));
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'sent while away' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'half a thou' } });
    box.focus();

    act(() => socket.receive('nicknameChanged', { nickname: 'ada_two' }));
    await waitFor(() => expect(sockets).toHaveLength(2));
    const renamed = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(renamed.value).toBe('half a thou');
    expect(document.activeElement).toBe(renamed);
    expect(screen.queryByText(/Not sent/)).toBeNull();

    // The waiting message goes on the new connection, under the new name, once joined.
    act(() => sockets[1]!.receive('connect'));
    act(() => sockets[1]!.last('join')?.ack?.({}));
    act(() => sockets[1]!.receive('chatHistory', []));
    expect(screen.getByText('sent while away')).toBeTruthy();
    expect(sockets[1]!.last('join')?.payload).toEqual({
      name: 'ada_two',
      room: 'room-a',
      account: testUser.id,
    });
    expect(sockets[1]!.last('sendMessage')?.payload).toMatchObject({
      text: 'sent while away',
      roomId: 'room-a',
    });
  });

  it('joins under the nickname the room names when this browser kept an older one', async () => {
    const { socket } = await openChat();
    act(() =>
      socket.last('join')?.ack?.({
        error: 'You are in this room as "Bobby"',
        code: 'in_room_as',
        nickname: 'Bobby',
      }),
    );
    await waitFor(() => expect(sockets).toHaveLength(2));
    act(() => sockets[1]!.receive('connect'));
    expect(sockets[1]!.last('join')?.payload).toEqual({
      name: 'Bobby',
      room: 'room-a',
      account: testUser.id,
    });
    expect(window.localStorage.getItem('activeNickname')).toBe('Bobby');
    expect(screen.queryByRole('dialog', { name: 'Unable to join the chat' })).toBeNull();
  });

  it('looks the nickname up in the room list when the room is not the current one', async () => {
    fakeApi({ ...testUser }, (call) =>
      call.path === '/api/rooms'
        ? {
            status: 200,
            body: [{ _id: 'room-a', roomId: 'room-a', name: 'A', activeNickname: 'ada_a' }],
          }
        : undefined,
    );
    renderApp('/chat/room-a');
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]!.receive('connect'));
    expect(sockets[0]!.last('join')?.payload).toEqual({
      name: 'ada_a',
      room: 'room-a',
      account: testUser.id,
    });
    expect(window.localStorage.getItem('activeNickname')).toBe('ada_a');
  });
});

describe("'@' in a room too big for one answer of the nicknames", () => {
  const NICKNAMES = '/api/rooms/room-a/nicknames';

  async function typeInRoom(nicknames: { nicknames: string[]; nextAfter?: string }, text: string) {
    const chat = await openChat(inRoom, (call) => {
      if (call.path === NICKNAMES) return { status: 200, body: nicknames };
      if (call.path === `${NICKNAMES}?q=zo`) return { status: 200, body: { nicknames: ['Zoe'] } };
      return undefined;
    });
    act(() => chat.socket.last('join')?.ack?.({}));
    act(() => chat.socket.receive('chatHistory', []));
    await waitFor(() => expect(chat.calls.some((call) => call.path === NICKNAMES)).toBe(true));
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    act(() => box.focus());
    fireEvent.change(box, { target: { value: text } });
    return chat;
  }

  const lookups = (calls: { path: string }[]) =>
    calls.filter((call) => call.path.startsWith(`${NICKNAMES}?`)).map((call) => call.path);

  it('asks the server for the nicknames that start with what follows the @', async () => {
    const { calls } = await typeInRoom({ nicknames: ['bob'], nextAfter: 'page-2' }, 'hi @zo');
    // Zoe joined after the first answer's members: only the server's search knows her.
    expect(await screen.findByRole('option', { name: '@Zoe' })).toBeTruthy();
    expect(lookups(calls)).toEqual([`${NICKNAMES}?q=zo`]);
  });

  it('asks nothing more when the first answer held every member', async () => {
    const { calls } = await typeInRoom({ nicknames: ['bob', 'zora'] }, 'hi @zo');
    expect(await screen.findByRole('option', { name: '@zora' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lookups(calls)).toEqual([]);
  });
});

/**
 * Pins on the chat screen: the Pin and Unpin items in a message's actions (only for those the
 * room lets pin), the header's button with the count, its list, and the jump to a pin.
 */
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pin } from '../../contract/pins';
import type { ChatMessage } from '../../contract/realtime';
import type { RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { MessageList } from '../../client/features/chat/components/message-list';
import { PinsButton } from '../../client/features/chat/pins/pins-button';
import { PinsProvider } from '../../client/features/chat/pins/pins-provider';
import { fakeRoom } from './fake-room';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';
import { renderWithMantine } from './render-mantine';
import { stubIntersectionObserver } from './stub-observers';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const message = (id: number): ChatMessage => ({
  id,
  user: 'bob',
  text: `<p>message ${id}</p>`,
  messageType: 'user',
  createdAt: id,
});
const pin = (id: number): Pin => ({
  id,
  user: 'bob',
  excerpt: `message ${id}`,
  createdAt: id,
  pinnedAt: 100 + id,
});

beforeEach(() => {
  sockets.length = 0;
  stubIntersectionObserver();
});

function listWithPins(allowed: boolean, pins: Pin[] = [], messages = [message(1)]) {
  const fake = fakeRoom({ messages, pins });
  renderWithMantine(
    <PinsProvider room={fake.room} allowed={allowed}>
      <MessageList room={fake.room} nickname="ada" roomName="Lobby" />
    </PinsProvider>,
  );
  return fake;
}

async function menuItems() {
  fireEvent.click(screen.getByRole('button', { name: /^Actions for/ }));
  const menu = await screen.findByRole('menu');
  return within(menu).getAllByRole('menuitem');
}

describe('a message’s Pin item', () => {
  it('is not offered to someone the room does not let pin', async () => {
    listWithPins(false);
    const names = (await menuItems()).map((item) => item.textContent);
    expect(names).not.toContain('Pin');
    expect(names).not.toContain('Unpin');
  });

  it('pins, and unpins a pinned message, for those allowed', async () => {
    const { room, set } = listWithPins(true);
    const pinItem = (await menuItems()).find((item) => item.textContent === 'Pin')!;
    fireEvent.click(pinItem);
    expect(room.pin).toHaveBeenCalledWith(1, true);
    set({ pins: [pin(1)] });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const unpin = (await menuItems()).find((item) => item.textContent === 'Unpin')!;
    fireEvent.click(unpin);
    expect(room.pin).toHaveBeenLastCalledWith(1, false);
  });
});

describe('a pinned message in the history', () => {
  /** The line under message `id`'s bubble: author, time, and 'Pinned' while it is. */
  const line = (id: number) =>
    document.querySelector(`[data-message-id="${id}"]`)!.lastElementChild!.textContent;

  it('says Pinned, for everyone, and follows the room’s pins', () => {
    const { set } = listWithPins(false, [pin(1)], [message(1), message(2)]);
    expect(line(1)).toMatch(/Pinned$/);
    expect(line(2)).not.toContain('Pinned');
    // The pin is an image the words already say: screen readers hear 'Pinned' once.
    const mark = screen.getByText('Pinned');
    expect(mark.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');

    set({ pins: [pin(2)] });
    expect(line(1)).not.toContain('Pinned');
    expect(line(2)).toMatch(/Pinned$/);
    set({ pins: [] });
    expect(screen.queryByText('Pinned')).toBeNull();
  });
});

/** The header's pins button inside PinsProvider, its dialog opened on `pins`. */
async function openPins(allowed: boolean, pins: Pin[]) {
  const fake = fakeRoom({ pins });
  renderWithMantine(
    <PinsProvider room={fake.room} allowed={allowed}>
      <PinsButton room={fake.room} onPick={() => {}} />
    </PinsProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /pinned message/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
  return { ...fake, dialog };
}

describe('the pins list’s Unpin', () => {
  it('unpins that pin, for those the room lets pin', async () => {
    const { room, dialog } = await openPins(true, [pin(2), pin(1)]);
    const unpins = within(dialog).getAllByRole('button', { name: /^Unpin/ });
    expect(unpins.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Unpin bob\'s message: "message 2"',
      'Unpin bob\'s message: "message 1"',
    ]);
    // Beside the link, not inside it: a button holds no other.
    expect(unpins[1]!.closest('li')!.querySelectorAll('button button')).toHaveLength(0);
    fireEvent.click(unpins[1]!);
    expect(room.pin).toHaveBeenCalledWith(1, false);
    await waitFor(() => expect(document.activeElement).toBe(dialog));
  });

  it('is not offered to others', async () => {
    const { dialog } = await openPins(false, [pin(1)]);
    expect(within(dialog).queryByRole('button', { name: /^Unpin/ })).toBeNull();
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
  });

  it('shows the room’s reason when it refuses', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { room, dialog } = await openPins(true, [pin(1)]);
    const reason = "Only the room's owner or an administrator can pin or unpin a message";
    room.pin.mockResolvedValueOnce({ ok: false, error: reason } as never);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Unpin/ }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: reason })),
    );
    show.mockRestore();
  });
});

describe('the header’s pins button', () => {
  it('gives a pin the time its message shows (1:50 AM, not 01:50 AM), an older one its date', async () => {
    const today = new Date();
    today.setHours(1, 50, 0, 0);
    const older = new Date(2025, 2, 14, 1, 50).getTime();
    const fake = fakeRoom({
      messages: [{ ...message(1), createdAt: today.getTime() }],
      pins: [
        { ...pin(1), createdAt: today.getTime() },
        { ...pin(2), createdAt: older },
      ],
    });
    renderWithMantine(
      <PinsProvider room={fake.room} allowed={false}>
        <MessageList room={fake.room} nickname="ada" roomName="Lobby" />
        <PinsButton room={fake.room} onPick={() => {}} />
      </PinsProvider>,
    );
    const said = document.querySelector('[data-message-id="1"] time')!.textContent!;
    expect(said).toMatch(/^1:50/);
    fireEvent.click(screen.getByRole('button', { name: /pinned messages/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
    expect(within(dialog).getByText(said)).toBeTruthy();
    const dated = within(dialog).getByText((text) => text.endsWith(`, ${said}`));
    expect(dated.textContent).toMatch(/2025/);
  });

  it('shows only when something is pinned, with the count, and lists the pins', async () => {
    const onPick = vi.fn();
    const { room, set } = fakeRoom({});
    renderWithMantine(<PinsButton room={room} onPick={onPick} />);
    expect(screen.queryByRole('button')).toBeNull();

    set({ pins: [pin(2), pin(1)] });
    const button = screen.getByRole('button', { name: /^2 pinned messages/ });
    expect(button.textContent).toContain('2');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
    const items = within(
      within(dialog).getByRole('list', { name: 'Pinned messages' }),
    ).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^bob.*message 2$/),
      expect.stringMatching(/^bob.*message 1$/),
    ]);
    fireEvent.click(items[1]!);
    expect(onPick).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

/** The chat open on room-a as `user`, the room list saying `summary` of it; Bob's message shown. */
async function openChat(user: PublicUser, summary: Partial<RoomSummary>) {
  const listed: RoomSummary = {
    _id: 'room-a',
    roomId: 'room-a',
    name: 'Lobby',
    activeNickname: 'ada',
    unreadCount: 0,
    notificationLevel: 'all',
    notificationLevelChosen: false,
    ...summary,
  };
  let answered = () => {};
  const listAnswered = new Promise<void>((resolve) => (answered = resolve));
  fakeApi({ ...user, roomId: 'room-a', activeNickname: 'ada' }, (call) => {
    if (call.path !== '/api/rooms') return undefined;
    answered();
    return { status: 200, body: [listed] };
  });
  renderApp('/chat/room-a');
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  act(() => socket.last('join')!.ack!({}));
  act(() => socket.receive('chatHistory', [message(50)]));
  // The screen has taken the list's answer (ownership, a private conversation) a moment after.
  return listAnswered.then(() => act(() => new Promise((resolve) => setTimeout(resolve, 50))));
}

describe('on the chat screen', () => {
  it.each<[string, PublicUser, Partial<RoomSummary>, boolean]>([
    ['the owner', testUser, { isOwner: true }, true],
    ['an administrator', { ...testUser, role: 'admin' }, {}, true],
    ['either person of a private conversation', testUser, { direct: true }, true],
    ['a plain member', testUser, {}, false],
  ])('offers Pin to %s as the room would allow', async (_who, user, summary, offered) => {
    await openChat(user, summary);
    const names = (await menuItems()).map((item) => item.textContent);
    expect(names.includes('Pin')).toBe(offered);
  });

  it.each<[string, Partial<RoomSummary>, boolean]>([
    ['the owner', { isOwner: true }, true],
    ['a plain member', {}, false],
  ])(
    'offers Unpin in the header’s list to %s as the room would allow',
    async (_who, summary, offered) => {
      await openChat(testUser, summary);
      const socket = sockets[0]!;
      act(() => socket.last('loadPins')!.ack!({ pins: [pin(50)] }));
      fireEvent.click(await screen.findByRole('button', { name: /^1 pinned message/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
      const unpin = within(dialog).queryByRole('button', { name: /^Unpin/ });
      expect(unpin !== null).toBe(offered);
      if (!unpin) return;
      fireEvent.click(unpin);
      expect(socket.last('unpinMessage')?.payload).toEqual({ roomId: 'room-a', messageId: 50 });
    },
  );

  it('asks for the pins once joined, and choosing one jumps to it in the history', async () => {
    fakeApi({ ...testUser, roomId: 'room-a', activeNickname: 'ada' });
    renderApp('/chat/room-a');
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    act(() => socket.receive('connect'));
    act(() => socket.last('join')!.ack!({}));
    act(() => socket.receive('chatHistory', [message(50)]));
    expect(socket.last('loadPins')?.payload).toEqual({ roomId: 'room-a' });
    act(() => socket.last('loadPins')!.ack!({ pins: [pin(7)] }));

    fireEvent.click(await screen.findByRole('button', { name: /^1 pinned message/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
    fireEvent.click(within(dialog).getByRole('button', { name: /message 7/ }));
    await waitFor(() => expect(socket.last('loadHistory')?.payload).toMatchObject({ around: 7 }));
  });
});

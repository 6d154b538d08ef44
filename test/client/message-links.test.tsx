/**
 * A link to one message: 'Copy link' in a stored message's actions, and /chat/<room>?message=<id>
 * opening the room there once it is joined (the search jump), then leaving the address clean.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageActions } from '../../client/features/chat/components/message-actions';
import { MessageList } from '../../client/features/chat/components/message-list';
import { RoomLinkContext } from '../../client/features/chat/permalink/room-link-context';
import { NOT_IN_ROOM, NOT_LOADED } from '../../client/features/chat/hooks/use-show-message';
import type { ChatMessage } from '../../contract/realtime';
import { fakeRoom } from './fake-room';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';
import { renderWithMantine } from './render-mantine';
import { stubIntersectionObserver } from './stub-observers';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const message = (id: number | string, user = 'bob'): ChatMessage => ({
  id,
  user,
  text: `<p>message ${id}</p>`,
  messageType: 'user',
  createdAt: Date.UTC(2025, 0, 1, 12, typeof id === 'number' ? id : 0),
});

const noop = () => {};

function renderActions(shown: ChatMessage, roomId = 'room a/1') {
  return renderWithMantine(
    <RoomLinkContext.Provider value={roomId}>
      <MessageActions
        message={shown}
        own={false}
        canEdit={false}
        canDelete={false}
        onReply={noop}
        onEdit={noop}
        onDelete={noop}
        onReact={noop}
      >
        <div data-testid="content">{shown.text}</div>
      </MessageActions>
    </RoomLinkContext.Provider>,
  );
}

async function menuItemNames() {
  fireEvent.click(screen.getByRole('button', { name: /^Actions for/ }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Copy link', () => {
  it('is offered for a stored message, after Copy text', async () => {
    renderActions(message(7));
    expect(await menuItemNames()).toEqual(['Reply', 'React', 'Copy text', 'Copy link']);
  });

  it('copies the address of the message in its room, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const show = vi.spyOn(notifications, 'show');
    renderActions(message(7));
    await menuItemNames();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(show).toHaveBeenCalled());
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/chat/room%20a%2F1?message=7`);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Link copied.' }));
  });

  it.each([
    ['refuses', { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) }],
    ['is missing', undefined],
  ])('says so, without throwing, when the clipboard %s', async (_how, clipboard) => {
    vi.stubGlobal('navigator', { ...navigator, clipboard });
    const show = vi.spyOn(notifications, 'show');
    renderActions(message(7));
    await menuItemNames();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(show).toHaveBeenCalled());
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: "Couldn't copy the link." }),
    );
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ message: 'Link copied.' }));
  });

  it('is not offered for a passing notice, which has no stored id', () => {
    renderActions({ ...message('notice-1'), messageType: 'system-simple' });
    expect(screen.getByTestId('content')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('is not offered for a message still being sent', async () => {
    const { room } = fakeRoom({
      messages: [message(1)],
      pending: [{ clientId: 'c1', text: 'on its way', status: 'sending' }],
    });
    renderWithMantine(
      <RoomLinkContext.Provider value="room-a">
        <MessageList room={room} nickname="ada" roomName="Lobby" />
      </RoomLinkContext.Provider>,
    );
    const sending = screen.getByText('on its way').closest('li')!;
    expect(within(sending).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    // The stored one beside it has its link.
    fireEvent.click(screen.getByRole('button', { name: /^Actions for bob/ }));
    expect(await screen.findByRole('menuitem', { name: 'Copy link' })).toBeTruthy();
  });
});

describe('opening a link to a message', () => {
  beforeEach(() => {
    sockets.length = 0;
    stubIntersectionObserver();
  });

  async function openLink(search: string) {
    const listed = { _id: 'room-a', roomId: 'room-a', name: 'Lobby', activeNickname: 'ada' };
    fakeApi({ ...testUser, roomId: 'room-a', activeNickname: 'ada' }, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: [listed] } : undefined,
    );
    const view = renderApp(`/chat/room-a${search}`);
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    act(() => socket.receive('connect'));
    const joinRoom = (history: ChatMessage[]) => {
      act(() => socket.last('join')!.ack!({}));
      act(() => socket.receive('chatHistory', history));
    };
    const arounds = () =>
      socket.emitted.filter(
        (sent) => sent.event === 'loadHistory' && 'around' in (sent.payload as object),
      );
    return { ...view, socket, joinRoom, arounds };
  }

  it('jumps to the message once the room is joined, once, and takes it out of the address', async () => {
    const { router, socket, joinRoom, arounds } = await openLink('?message=7');
    expect(arounds()).toEqual([]);
    joinRoom([message(50)]);
    await waitFor(() => expect(arounds()).toHaveLength(1));
    expect(arounds()[0]!.payload).toMatchObject({ around: 7 });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/chat/room-a');
    expect(router.state.historyAction).toBe('REPLACE');

    act(() =>
      arounds()[0]!.ack!({
        messages: [6, 7, 8].map((id) => message(id)),
        hasMore: true,
        hasNewer: true,
      }),
    );
    const item = () => document.querySelector<HTMLElement>('[data-message-id="7"]')!;
    await waitFor(() => expect(item().dataset.highlighted).toBe('true'));
    expect(document.activeElement).toBe(item());

    // A reconnect's join does not jump again.
    act(() => socket.receive('disconnect', 'transport close'));
    act(() => socket.receive('connect'));
    act(() => socket.last('join')!.ack!({}));
    act(() => socket.receive('chatHistory', []));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(arounds()).toHaveLength(1);
  });

  it('does not jump again when another tab renames the person and the history is listed anew', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { socket, joinRoom, arounds } = await openLink('?message=7');
    joinRoom([message(50)]);
    await waitFor(() => expect(arounds()).toHaveLength(1));
    act(() => socket.receive('nicknameChanged', { nickname: 'ada_two' }));
    await waitFor(() => expect(sockets).toHaveLength(2));
    const renamed = sockets[1]!;
    act(() => renamed.receive('connect'));
    act(() => renamed.last('join')!.ack!({}));
    act(() => renamed.receive('chatHistory', [message(50)]));
    expect(await screen.findByText('message 50')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const renamedArounds = renamed.emitted.filter(
      (sent) => sent.event === 'loadHistory' && 'around' in (sent.payload as object),
    );
    expect(renamedArounds).toEqual([]);
    // Nor does it try before the new connection has joined, and fail.
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ message: NOT_LOADED }));

    // Nor when the name comes back: the jump was dropped, not hidden.
    act(() => renamed.receive('nicknameChanged', { nickname: 'ada' }));
    await waitFor(() => expect(sockets).toHaveLength(3));
    const back = sockets[2]!;
    act(() => back.receive('connect'));
    act(() => back.last('join')!.ack!({}));
    act(() => back.receive('chatHistory', [message(50)]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(
      back.emitted.filter(
        (sent) => sent.event === 'loadHistory' && 'around' in (sent.payload as object),
      ),
    ).toEqual([]);
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ message: NOT_LOADED }));
  });

  it('marks a message the first history already lists, without asking for a page', async () => {
    const { router, joinRoom, arounds } = await openLink('?message=50');
    joinRoom([message(49), message(50), message(51)]);
    const item = () => document.querySelector<HTMLElement>('[data-message-id="50"]')!;
    await waitFor(() => expect(item().dataset.highlighted).toBe('true'));
    expect(document.activeElement).toBe(item());
    expect(arounds()).toEqual([]);
    expect(router.state.location.search).toBe('');
  });

  it('says when the message is no longer in the room', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { joinRoom, arounds } = await openLink('?message=7');
    joinRoom([message(50)]);
    await waitFor(() => expect(arounds()).toHaveLength(1));
    act(() => arounds()[0]!.ack!({ error: 'Message not found', code: 'message_not_found' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: NOT_IN_ROOM })),
    );
  });

  it.each(['abc', '0', '-3', '07', '1e3', '7.5', '9007199254740993', ''])(
    'ignores ?message=%s',
    async (value) => {
      const { router, joinRoom, arounds } = await openLink(`?message=${value}`);
      joinRoom([message(50)]);
      expect(await screen.findByText('message 50')).toBeTruthy();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(arounds()).toEqual([]);
      expect(document.querySelector('[data-highlighted]')).toBeNull();
      expect(router.state.location.search).toBe(`?message=${value}`);
    },
  );
});

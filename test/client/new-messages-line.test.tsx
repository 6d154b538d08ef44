/**
 * The 'New messages' line: above the first message that was unread when the person opened the
 * room, from the room list's read position or this tab's own mark, whichever is further; it
 * stays there while they read, while messages come and when they send, and a new visit
 * places it again.
 */
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../client/features/chat/components/message-list';
import type { RoomSnapshot } from '../../client/features/chat/connection/room-state';
import type { UnreadAtOpen } from '../../client/features/chat/utils/first-unread';
import {
  READ_POSITION_WAIT_MS,
  useUnreadAtOpen,
} from '../../client/features/chat/hooks/use-unread-at-open';
import { forgetReadMarks, noteRead } from '../../client/lib/unread/read-marks';
import { fakeRoom, listedMessage as message } from './fake-room';
import { sockets } from './fake-socket';
import { renderWithMantine } from './render-mantine';
import { openRoom } from './unread-line-support';
import { stubIntersectionObserver } from './stub-observers';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const fromBob = (...ids: number[]) => ids.map((id) => message(id, 'bob'));

const lines = () => screen.queryAllByRole('separator', { name: 'New messages' });
const item = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;

/** The id of the message right below the line (null: no line), and that there is one line. */
function lineAbove(): number | null {
  const found = lines();
  if (found.length === 0) return null;
  expect(found).toHaveLength(1);
  const log = screen.getByRole('log', { name: 'Messages' });
  const below = within(log)
    .getAllByRole('listitem')
    .find((li) => found[0]!.compareDocumentPosition(li) & Node.DOCUMENT_POSITION_FOLLOWING);
  return below ? Number(below.dataset.messageId) : null;
}

beforeEach(() => {
  sockets.length = 0;
  forgetReadMarks();
  stubIntersectionObserver();
});

describe('the message list', () => {
  function renderList(initial: Partial<RoomSnapshot>, unread: UnreadAtOpen | null) {
    const fake = fakeRoom(initial);
    renderWithMantine(
      <MessageList room={fake.room} nickname="ada" roomName="Lobby" unread={unread} />,
    );
    return fake;
  }

  it("draws the line above the first unread message that is someone else's", () => {
    renderList(
      {
        messages: [
          ...fromBob(1, 2),
          // The reader's own, by the history's word and by name, and a passing notice.
          message(3, 'adele', { mine: true }),
          message(4, 'ada'),
          { ...message(0, 'System'), id: 'notice-1', messageType: 'system-simple' },
          ...fromBob(5, 6),
        ],
      },
      { readUpTo: 2, newest: 6 },
    );
    const line = lines()[0]!;
    expect(line.textContent).toBe('New messages');
    expect(lineAbove()).toBe(5);
    // The line ends a list and the next begins: a list holds only its items.
    for (const list of document.querySelectorAll('ul')) {
      for (const child of list.children) expect(child.tagName).toBe('LI');
    }
    expect(item(4).closest('ul')).not.toBe(item(5).closest('ul'));
  });

  it('draws none when everything was read, or nothing is known of what was', () => {
    const { set } = renderList({ messages: fromBob(1, 2, 3) }, { readUpTo: 3, newest: 3 });
    expect(lines()).toHaveLength(0);
    // What came after the room opened is read as it comes: no line above it.
    set({ messages: fromBob(1, 2, 3, 4) });
    expect(lines()).toHaveLength(0);
  });

  it('draws none without a read position, nor when only the reader wrote since', () => {
    renderList({ messages: fromBob(1, 2) }, null);
    expect(lines()).toHaveLength(0);
    document.body.innerHTML = '';
    renderList(
      { messages: [...fromBob(1), message(2, 'ada', { mine: true })] },
      {
        readUpTo: 1,
        newest: 2,
      },
    );
    expect(lines()).toHaveLength(0);
  });

  it('stays above the same message as messages come and the reader sends', () => {
    const { set } = renderList({ messages: fromBob(1, 2, 3) }, { readUpTo: 1, newest: 3 });
    expect(lineAbove()).toBe(2);
    set({ messages: [...fromBob(1, 2, 3, 4), message(5, 'ada')] });
    expect(lineAbove()).toBe(2);
  });

  it('goes at the top of what is loaded when the first unread is older, until it is loaded', () => {
    const { set } = renderList(
      { hasOlder: true, messages: fromBob(51, 52, 53) },
      { readUpTo: 10, newest: 53 },
    );
    expect(lineAbove()).toBe(51);
    // An older page, still all unread: the line is at the top again.
    set({ messages: fromBob(31, 32, 51, 52, 53) });
    expect(lineAbove()).toBe(31);
    // The page that holds the read position: the line goes where the unread begins.
    set({ hasOlder: false, messages: fromBob(9, 10, 11, 31, 32, 51, 52, 53) });
    expect(lineAbove()).toBe(11);
  });
});

describe('the chat screen', () => {
  beforeEach(() => {
    // The list is on screen in a shown tab: the history is marked read as soon as it shows.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  });

  it('keeps the line where it was while the reader reads on, others write and they send', async () => {
    const { socket } = await openRoom('room-stay', 2, fromBob(1, 2, 3, 4, 5));
    expect(lineAbove()).toBe(3);
    // The screen has marked everything read (this tab's mark and `read`): the line stays.
    await waitFor(() => expect(socket.last('read')?.payload).toEqual({ messageId: 5 }));
    act(() => socket.receive('message', message(6, 'bob')));
    expect(lineAbove()).toBe(3);

    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'my answer' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const sent = socket.last('sendMessage')!;
    act(() => socket.receive('message', message(7, 'ada')));
    act(() => sent.ack?.({}));
    expect(lineAbove()).toBe(3);
  });

  it("trusts this tab's mark when it is further than the room list's position", async () => {
    noteRead('room-mark', 4);
    await openRoom('room-mark', 2, fromBob(1, 2, 3, 4, 5, 6));
    expect(lineAbove()).toBe(5);
  });

  it('draws the line from the mark alone for a list that does not say, and none from neither', async () => {
    noteRead('room-old-list', 3);
    const first = await openRoom('room-old-list', undefined, fromBob(1, 2, 3, 4));
    expect(lineAbove()).toBe(4);
    first.unmount();
    sockets.length = 0;
    await openRoom('room-unknown', undefined, fromBob(1, 2, 3, 4));
    expect(lines()).toHaveLength(0);
  });

  it('draws none when all was read, even as new messages come', async () => {
    const { socket } = await openRoom('room-read', 3, fromBob(1, 2, 3));
    expect(lines()).toHaveLength(0);
    act(() => socket.receive('message', message(4, 'bob')));
    expect(lines()).toHaveLength(0);
  });

  it('places the line again on the next visit, after what was read on the last', async () => {
    const { socket, router } = await openRoom('room-again', 2, fromBob(1, 2, 3, 4));
    expect(lineAbove()).toBe(3);
    await waitFor(() => expect(socket.last('read')?.payload).toEqual({ messageId: 4 }));

    await act(() => router.navigate('/settings'));
    // Another page has replaced the chat (not only hidden it while its code loads).
    await screen.findByRole('switch', { name: /^Share when I have read messages/ });
    expect(document.querySelector('[role="log"]')).toBeNull();
    await act(() => router.navigate('/chat/room-again'));
    await waitFor(() => expect(sockets).toHaveLength(2));
    const again = sockets[1]!;
    act(() => again.receive('connect'));
    act(() => again.last('join')?.ack?.({}));
    act(() => again.receive('chatHistory', fromBob(1, 2, 3, 4, 5, 6)));
    // The room list still says 2 (its flush is behind); the tab read up to 4 last time.
    expect(lineAbove()).toBe(5);
  });
});

describe('the read position at open', () => {
  const history = fromBob(1, 2, 3, 4);

  it('waits for the room list when the history comes first, and takes its position', () => {
    const view = renderHook(
      ({ lastReadId, messages }) => useUnreadAtOpen('room-late-list', lastReadId, true, messages),
      { initialProps: { lastReadId: undefined as number | undefined, messages: history } },
    );
    expect(view.result.current).toBeNull();
    // A message said meanwhile came live: it is not counted as unread at open.
    view.rerender({ lastReadId: 2, messages: fromBob(1, 2, 3, 4, 5) });
    expect(view.result.current).toEqual({ readUpTo: 2, newest: 4 });
  });

  it('decides on no line once the wait is over, and keeps to it', () => {
    vi.useFakeTimers();
    try {
      const view = renderHook(
        ({ lastReadId }) => useUnreadAtOpen('room-no-list', lastReadId, true, history),
        { initialProps: { lastReadId: undefined as number | undefined } },
      );
      act(() => vi.advanceTimersByTime(READ_POSITION_WAIT_MS));
      view.rerender({ lastReadId: 2 });
      expect(view.result.current).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

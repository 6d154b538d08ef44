/**
 * The jump to the first unread with more unread than the history holds: it loads older pages
 * until the first unread is listed (at most JUMP_PAGES), and only then scrolls and focuses; a
 * page that comes in during its smooth scroll does not throw it off; and the offer comes back
 * while unread messages are above the window again.
 */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JUMP_PAGES } from '../../client/features/chat/connection/unread-start-pages';
import { forgetReadMarks } from '../../client/lib/unread/read-marks';
import type { FakeSocket } from './fake-socket';
import { sockets } from './fake-socket';
import {
  FakeObserver,
  item,
  jumpButton,
  line,
  message,
  openRoom,
  placeLine,
  range,
} from './unread-line-support';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const pagesAsked = (socket: FakeSocket) =>
  socket.emitted.filter((sent) => sent.event === 'loadHistory');

/** The room answers the last page asked for with messages from..to. */
function answerPage(socket: FakeSocket, from: number, to: number, hasMore: boolean) {
  act(() => socket.last('loadHistory')!.ack!({ messages: range(from, to), hasMore }));
}

/** The message the line is above. */
const lineAbove = () =>
  Number(
    line().nextElementSibling?.querySelector<HTMLElement>('[data-message-id]')?.dataset.messageId,
  );

/** The scroll back's sentinel (use-scroll-back.ts) comes into reach: it asks for a page. */
function reachSentinel() {
  const sentinels = FakeObserver.all.filter(
    (observer) => observer.options.rootMargin?.startsWith('400px') && observer.targets.size > 0,
  );
  expect(sentinels).toHaveLength(1);
  const [target] = sentinels[0]!.targets;
  act(() => sentinels[0]!.report(target!, 'in view'));
}

beforeEach(() => {
  sockets.length = 0;
  FakeObserver.all = [];
  forgetReadMarks();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
});

describe('the jump to the first unread, more unread than loaded', () => {
  it('loads older pages until the first unread is listed, then lands on it', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    // 11 to 80 unread (70), the newest 50 listed: the line is at their top.
    const { socket } = await openRoom('room-behind', 10, range(31, 80), true);
    expect(lineAbove()).toBe(31);
    placeLine('above');
    scrolled.mockClear();
    fireEvent.click(jumpButton()!, { detail: 1 });
    // Nothing moves before the first unread is listed.
    expect(pagesAsked(socket).map((sent) => sent.payload)).toEqual([{ before: 31, limit: 100 }]);
    expect(scrolled).not.toHaveBeenCalled();
    expect(jumpButton()).toBeNull();
    // The page holds read ones (1 to 10), the reader's own 11, then others' from 12.
    const page = [...range(1, 10), { ...message(11, 'ada'), mine: true }, ...range(12, 30)];
    act(() => socket.last('loadHistory')!.ack!({ messages: page, hasMore: false }));
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    // Above 12, the first unread: not above a read one or the reader's, nor still above 31.
    expect(lineAbove()).toBe(12);
    expect(scrolled.mock.contexts[0]).toBe(line());
    expect(document.activeElement).toBe(item(12));
    expect(pagesAsked(socket)).toHaveLength(1);
    expect(jumpButton()).toBeNull();
  });

  it('stops after JUMP_PAGES pages at the top of what is loaded, and is offered again', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { socket } = await openRoom('room-far-behind', 10, range(1001, 1050), true);
    placeLine('above');
    scrolled.mockClear();
    fireEvent.click(jumpButton()!, { detail: 1 });
    for (let page = 0; page < JUMP_PAGES; page += 1) {
      await waitFor(() => expect(pagesAsked(socket)).toHaveLength(page + 1));
      const oldest = 1001 - 5 * page;
      expect(socket.last('loadHistory')!.payload).toEqual({ before: oldest, limit: 100 });
      answerPage(socket, oldest - 5, oldest - 1, true);
    }
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(pagesAsked(socket)).toHaveLength(JUMP_PAGES);
    const top = 1001 - 5 * JUMP_PAGES;
    expect(lineAbove()).toBe(top);
    expect(document.activeElement).toBe(item(top));
    expect(jumpButton()).toBeNull();

    // Scrolling on loads older ones, still unread: the line goes up with them, above the
    // window, and the way up is offered again.
    reachSentinel();
    expect(socket.last('loadHistory')!.payload).toEqual({ before: top, limit: 50 });
    answerPage(socket, top - 50, top - 1, true);
    expect(lineAbove()).toBe(top - 50);
    placeLine('above');
    expect(jumpButton()).not.toBeNull();
    // Once the line is in view above the same message, it goes.
    placeLine('in view');
    expect(jumpButton()).toBeNull();
  });

  it('lands on what is loaded when no page can be asked (not joined just now)', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { socket } = await openRoom('room-dropped', 10, range(31, 80), true);
    placeLine('above');
    act(() => socket.receive('disconnect', 'transport close'));
    scrolled.mockClear();
    fireEvent.click(jumpButton()!, { detail: 1 });
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(pagesAsked(socket)).toHaveLength(0);
    expect(document.activeElement).toBe(item(31));
  });

  it('goes on to its message when a page comes in during its smooth scroll', async () => {
    // The scroll back finds the message it keeps in place by its id (jsdom has no CSS).
    vi.stubGlobal('CSS', { escape: (id: string) => id });
    const { socket } = await openRoom('room-fight', 10, range(31, 80), true);
    placeLine('above');
    fireEvent.click(jumpButton()!, { detail: 1 });
    answerPage(socket, 6, 30, true);
    await waitFor(() => expect(document.activeElement).toBe(item(11)));
    // On its way (jsdom lays nothing out: it goes to 0 px from the top), the view nears the
    // list's top, and the scroll back's page comes in; its keeping of the place cut the
    // smooth scroll short 500 px before the message.
    vi.spyOn(item(11), 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 500, 100, 40));
    reachSentinel();
    answerPage(socket, 1, 5, false);
    expect(window.scrollBy).toHaveBeenLastCalledWith({ top: 500, behavior: 'smooth' });
    expect(document.activeElement).toBe(item(11));
  });
});

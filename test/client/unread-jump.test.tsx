/**
 * The jump to the first unread: a reader who opens a room at its end with the 'New messages'
 * line far above gets a button in the message bar that takes them up to it; it goes once the
 * line has been in view, while the line stays above that message (unread-jump-pages.test.tsx:
 * more unread than is loaded), and the bar offers one jump at a time.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageBarJump } from '../../client/features/chat/components/message-bar-jump';
import { forgetReadMarks } from '../../client/lib/unread/read-marks';
import { sockets } from './fake-socket';
import { renderWithMantine } from './render-mantine';
import {
  FakeObserver,
  fromBob,
  item,
  jumpButton,
  line,
  message,
  openRoom,
  placeLine,
  watching,
} from './unread-line-support';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

beforeEach(() => {
  sockets.length = 0;
  FakeObserver.all = [];
  forgetReadMarks();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
});

describe('the jump to the first unread', () => {
  it('is offered while the line is above the window, not while it is in view or below', async () => {
    await openRoom('room-above', 2, fromBob(1, 2, 3, 4, 5));
    expect(jumpButton()).toBeNull();
    placeLine('above');
    expect(jumpButton()).not.toBeNull();
    // A fast scroll to the top carried the line past the window: it is below now, unseen.
    placeLine('below');
    expect(jumpButton()).toBeNull();
    placeLine('above');
    expect(jumpButton()).not.toBeNull();
    // The reader scrolled up to it: not offered again this visit, and no longer watched.
    placeLine('in view');
    expect(jumpButton()).toBeNull();
    expect(watching(line())).toHaveLength(0);
  });

  it('is not offered when the line is in view as the room opens', async () => {
    await openRoom('room-short', 4, fromBob(1, 2, 3, 4, 5));
    placeLine('in view');
    expect(jumpButton()).toBeNull();
  });

  it('is not offered without a line, nor in a browser without intersection observers', async () => {
    await openRoom('room-read', 3, fromBob(1, 2, 3));
    expect(screen.queryByRole('separator', { name: 'New messages' })).toBeNull();
    expect(jumpButton()).toBeNull();
    document.body.innerHTML = '';
    sockets.length = 0;
    vi.stubGlobal('IntersectionObserver', undefined);
    await openRoom('room-old-browser', 2, fromBob(1, 2, 3, 4, 5));
    expect(line()).toBeTruthy();
    expect(jumpButton()).toBeNull();
  });

  it('takes the line to the top smoothly, focuses the first unread, and goes for good', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    await openRoom('room-jump', 2, fromBob(1, 2, 3, 4, 5));
    placeLine('above');
    scrolled.mockClear();
    fireEvent.click(jumpButton()!, { detail: 1 });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(line());
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(item(3));
    expect(jumpButton()).toBeNull();
    // Before the smooth scroll has brought it in: no longer watched, not offered again.
    expect(watching(line())).toHaveLength(0);
  });

  it('takes the line there at once for a reader who asks for less motion', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    await openRoom('room-still', 2, fromBob(1, 2, 3, 4, 5));
    placeLine('above');
    // From the keyboard too, the focus ends on the first unread, not in the message box.
    fireEvent.click(jumpButton()!, { detail: 0 });
    expect(scrolled).toHaveBeenLastCalledWith({ behavior: 'instant', block: 'start' });
    expect(document.activeElement).toBe(item(3));
  });

  it('gives way to the new-messages button for a reader scrolled back', async () => {
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(5000);
    const scrollY = vi.spyOn(window, 'scrollY', 'get');
    const scrollAt = (y: number) => {
      scrollY.mockReturnValue(y);
      act(() => window.dispatchEvent(new Event('scroll')));
    };
    scrollY.mockReturnValue(5000 - window.innerHeight);
    const { socket } = await openRoom('room-both', 2, fromBob(1, 2, 3, 4, 5));
    placeLine('above');
    scrollAt(3000); // up a little, not yet at the line
    act(() => socket.receive('message', message(6)));
    await screen.findByRole('button', { name: '1 new message' });
    expect(jumpButton()).toBeNull();
    scrollAt(5000 - window.innerHeight);
    await waitFor(() => expect(jumpButton()).not.toBeNull());
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull();
  });
});

describe('the message bar', () => {
  it('offers one jump at a time, the way back from the past first', () => {
    const unreadLine = { lineRef: () => {}, offered: true, jump: () => {} };
    renderWithMantine(
      <MessageBarJump
        showsPast
        onJumpToLatest={() => Promise.resolve()}
        unseen={0}
        unreadLine={unreadLine}
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Jump to latest',
    ]);
  });
});

it('does not count the line seen while it is under the sticky header', async () => {
  await openRoom('room-header', 2, fromBob(1, 2, 3, 4, 5));
  const observers = watching(line());
  expect(observers).toHaveLength(2);
  // Both observers' root leaves out the header's strip at the window's top.
  for (const observer of observers) {
    const top = (observer as unknown as { options: IntersectionObserverInit }).options.rootMargin;
    expect(parseFloat(top!.split(/\s+/)[0]!)).toBeLessThan(0);
  }
});

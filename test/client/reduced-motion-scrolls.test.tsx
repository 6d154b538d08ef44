/**
 * Every scroll the chat makes by itself or at a button's press moves smoothly, and at once for
 * a reader who asks their system for less motion: the list following a new message, the jump
 * to a message (a reply's original, a search result, a link), Scroll to top and the
 * new-messages button. (The jump to the first unread: unread-jump.test.tsx.)
 */
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../client/features/chat/components/message-list';
import { NewMessagesButton } from '../../client/features/chat/components/new-messages-button';
import { ScrollToTopButton } from '../../client/features/chat/components/scroll-to-top-button';
import { autoScrolling } from '../../client/features/chat/utils/auto-scroll';
import { fakeRoom, listedMessage as message } from './fake-room';
import { renderWithMantine } from './render-mantine';
import { stubIntersectionObserver } from './stub-observers';

/** The reader's system asks for less motion, or says nothing. */
function motion(reduced: boolean) {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...matchMedia(query),
    matches: reduced && query === '(prefers-reduced-motion: reduce)',
  }));
}

beforeEach(() => {
  stubIntersectionObserver();
});

describe.each([
  { asked: 'less motion', reduced: true, behavior: 'instant' },
  { asked: 'nothing', reduced: false, behavior: 'smooth' },
])('for a reader who asks for $asked', ({ reduced, behavior }) => {
  beforeEach(() => motion(reduced));

  it(`the list follows a new message ${behavior}ly to its end`, () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const fake = fakeRoom({ messages: [message(1), message(2)] });
    renderWithMantine(<MessageList room={fake.room} nickname="ada" roomName="Lobby" />);
    // The first history lands at the end at once, whatever the reader asked for.
    expect(scrolled).toHaveBeenLastCalledWith({ behavior: 'instant', block: 'end' });
    fake.set({ messages: [message(1), message(2), message(3)] });
    expect(scrolled).toHaveBeenLastCalledWith({ behavior, block: 'end' });
    // Only a smooth scroll is still on its way: an instant one is at the end already, so the
    // page's place is the reader's again at once.
    expect(autoScrolling()).toBe(!reduced);
  });

  it(`a jump takes the view to its message ${behavior}ly`, () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { room } = fakeRoom({ messages: [message(1), message(2), message(3)] });
    renderWithMantine(
      <MessageList
        room={room}
        nickname="ada"
        roomName="Lobby"
        jumpTo={{ messageId: 2, asked: 1 }}
      />,
    );
    const item = document.querySelector('[data-message-id="2"]');
    const call = scrolled.mock.calls.findIndex(
      (_, index) => scrolled.mock.contexts[index] === item,
    );
    expect(call).toBeGreaterThanOrEqual(0);
    expect(scrolled.mock.calls[call]).toEqual([{ behavior, block: 'center' }]);
  });

  it(`Scroll to top goes up ${behavior}ly`, () => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(5000);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithMantine(<ScrollToTopButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior });
  });

  it(`the new-messages button goes down ${behavior}ly`, () => {
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(4000);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithMantine(<NewMessagesButton count={2} />);
    fireEvent.click(screen.getByRole('button', { name: '2 new messages' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 4000, behavior });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import { scrollToMessage } from '../../client/features/chat/utils/auto-scroll';
import { renderWithMantine } from './render-mantine';

/** ResizeObservers that report only when the test says a size changed. */
const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];
class ControlledResizeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
}

/** The browser reports the message bar `height` px tall. */
function barIs(height: number) {
  const bar = document.querySelector('[data-message-bar]')!;
  const entry = { target: bar, borderBoxSize: [{ blockSize: height, inlineSize: 320 }] };
  for (const { callback, targets } of observers) {
    if (targets.includes(bar)) callback([entry as unknown as ResizeObserverEntry], {} as never);
  }
}

/** A 2,000 px page in an 800 px window, scrolled to `scrollY`. */
function pageScrolledTo(scrollY: number) {
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(scrollY);
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(2000);
}

describe('a growing message bar', () => {
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('ResizeObserver', ControlledResizeObserver);
  });
  afterEach(() => {
    observers.length = 0;
  });

  it('takes a reader who was at the end down by as much as it grew', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    renderWithMantine(<MessageForm onSend={vi.fn()} />);
    pageScrolledTo(1110);
    barIs(60);
    expect(scrollBy).not.toHaveBeenCalled();

    // The page has grown by the bar's 90 px: the reader, at its end before, is 90 px from it.
    barIs(150);
    expect(scrollBy).toHaveBeenCalledWith({ top: 90, behavior: 'instant' });
  });

  it('leaves a jump to a message alone: it starts at the end, and an instant scroll would stop it', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    renderWithMantine(<MessageForm onSend={vi.fn()} />);
    pageScrolledTo(1200);
    barIs(60);
    const target = document.createElement('li');
    target.scrollIntoView = vi.fn();
    scrollToMessage(target);
    expect(target.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });

    // 'Jump to first unread' shows as the room opens at a message's link.
    barIs(92);
    expect(scrollBy).not.toHaveBeenCalled();
    // Once it has ended, the bar's growth is followed again.
    window.dispatchEvent(new Event('scrollend'));
    barIs(150);
    expect(scrollBy).toHaveBeenCalledWith({ top: 58, behavior: 'instant' });
  });

  it('leaves a reader who scrolled back where they are, and does nothing when it shrinks', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    renderWithMantine(<MessageForm onSend={vi.fn()} />);
    pageScrolledTo(400);
    barIs(60);
    barIs(150);
    expect(scrollBy).not.toHaveBeenCalled();

    pageScrolledTo(1200);
    barIs(60);
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it("keeps the bar's height for the list's end, whatever it is, and forgets it as it goes", () => {
    vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const height = () => document.documentElement.style.getPropertyValue('--message-bar-height');
    const view = renderWithMantine(<MessageForm onSend={vi.fn()} />);
    pageScrolledTo(400);
    barIs(60);
    expect(height()).toBe('60px');
    // A reply's banner over five lines and a file's tile: far past the old fixed 140 px.
    barIs(331.5);
    expect(height()).toBe('331.5px');
    barIs(60);
    expect(height()).toBe('60px');
    view.unmount();
    expect(height()).toBe('');
  });
});

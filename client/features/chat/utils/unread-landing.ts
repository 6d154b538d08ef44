import { scrollToLine } from './auto-scroll';
import { focusMessage } from './focus-message';
import { scrollMotion } from './scroll-motion';

/**
 * How long a smooth landing is held at most: past the browser's smooth scroll over a long list
 * (Chromium took 1.5 s over 11,000 px), for browsers with no scrollend.
 */
const LANDING_MS = 3000;
/** What the reader does to take the scroll over: the landing lets go. */
const READER_SCROLLS = ['wheel', 'touchstart', 'keydown'] as const;

/** A smooth jump to the 'New messages' line on its way: its message, and where it goes. */
export interface Landing {
  /** The first unread message's id, as its item says (data-message-id). */
  messageId: string;
  /** How far below the window's top the message is going: under the line, clear of the header. */
  top: number;
  /** Held until then (Date.now()): its scroll ended there, or the reader took over. */
  until: number;
}

/** The first message of the list that begins under the line (message-list.tsx). */
const itemAfter = (line: Element) =>
  line.nextElementSibling?.querySelector<HTMLElement>('[data-message-id]') ?? null;

/**
 * Takes the view to the line (near the top: its scroll margin, chat.module.css, keeps it clear
 * of the sticky header) and the focus to the message under it, as a search's jump does. A smooth
 * scroll comes back as a Landing, for holdLanding; an instant one needs no holding.
 */
export function landOnLine(line: HTMLElement): Landing | null {
  const behavior = scrollMotion();
  const item = itemAfter(line);
  const margin = parseFloat(getComputedStyle(line).scrollMarginTop) || 0;
  const landing = item && behavior === 'smooth' ? landingOf(item, line, margin) : null;
  scrollToLine(line);
  if (item) focusMessage(item);
  if (landing) letGoWhenDone(landing);
  return landing;
}

/**
 * Ends the hold once the scroll ended with the message where it goes (a scrollend of a scroll
 * cut short, by the scroll back's keeping, does not end it), or the reader scrolls themselves.
 */
function letGoWhenDone(landing: Landing) {
  const done = new AbortController();
  const letGo = () => {
    landing.until = 0;
    done.abort();
  };
  const arrived = () => {
    const item = itemOf(landing);
    if (!item || Math.abs(item.getBoundingClientRect().top - landing.top) < 2) letGo();
  };
  window.addEventListener('scrollend', arrived, { signal: done.signal });
  for (const event of READER_SCROLLS) {
    window.addEventListener(event, letGo, { signal: done.signal, passive: true });
  }
  setTimeout(letGo, LANDING_MS);
}

// An unread message's id is a number: nothing in it to escape.
const itemOf = (landing: Landing) =>
  document.querySelector<HTMLElement>(`[data-message-id="${landing.messageId}"]`);

function landingOf(item: HTMLElement, line: HTMLElement, margin: number): Landing {
  const gap = item.getBoundingClientRect().top - line.getBoundingClientRect().top;
  return { messageId: item.dataset.messageId!, top: margin + gap, until: Date.now() + LANDING_MS };
}

/**
 * For when older messages went in above while a smooth landing was on its way (the scroll
 * back's sentinel came into reach as the view neared the top): the scroll back has put the
 * window back by what the page pushed in (hooks/use-scroll-back.ts), which cut the smooth
 * scroll short, so the landing goes on to its message from there. Without this the two scrolls
 * fought and the message ended out of the window. The focus is given again when the page took
 * it (the message's list was drawn anew).
 */
export function holdLanding(landing: Landing | null) {
  if (!landing || Date.now() >= landing.until) return;
  const item = itemOf(landing);
  if (!item) return;
  const by = item.getBoundingClientRect().top - landing.top;
  if (by !== 0) window.scrollBy({ top: by, behavior: 'smooth' });
  if (document.activeElement === document.body || document.activeElement === null) {
    focusMessage(item);
  }
}

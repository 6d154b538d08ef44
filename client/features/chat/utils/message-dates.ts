/** When a message was said, in the reader's own time zone and language. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local calendar day of a time, as a key to compare (e.g. '2025-3-14'). */
export function dayKey(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** 'Today', 'Yesterday', or the date in full, for the separator at each new day. */
export function dayLabel(time: number, now = Date.now()): string {
  if (dayKey(time) === dayKey(now)) return 'Today';
  // Noon today minus a day is always yesterday, whatever the clock change in between.
  const noon = new Date(now);
  noon.setHours(12, 0, 0, 0);
  if (dayKey(time) === dayKey(noon.getTime() - DAY_MS)) return 'Yesterday';
  const date = new Date(time);
  return date.toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: date.getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric',
  });
}

/** The hour and minute wherever the chat shows a time: '2:05 PM' or '14:05', not '02:05 PM'. */
const TIME_OF_DAY = { hour: 'numeric', minute: '2-digit' } as const;

/** The short time beside a message, e.g. '14:05' or '2:05 PM'. */
export function shortTime(time: number): string {
  return new Date(time).toLocaleTimeString(undefined, TIME_OF_DAY);
}

/**
 * A message's time in a list apart from the history (a search result, a pin): the time alone
 * on the day it was said, and the date before it on any other ('Mar 14, 2025, 1:50 AM').
 */
export function listedTime(time: number, now = Date.now()): string {
  if (dayKey(time) === dayKey(now)) return shortTime(time);
  const date = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  return new Date(time).toLocaleString(undefined, { ...date, ...TIME_OF_DAY });
}

/** The full date and time, shown on hover. */
export function fullDate(time: number): string {
  return new Date(time).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

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

/** The short time beside a message, e.g. '14:05' or '2:05 PM'. */
export function shortTime(time: number): string {
  return new Date(time).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/** The full date and time, shown on hover. */
export function fullDate(time: number): string {
  return new Date(time).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

const sameDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const otherDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A result's time: the hour today, the date and hour before. */
export function formatTime(createdAt: number, now = Date.now()): string {
  const at = new Date(createdAt);
  return at.toDateString() === new Date(now).toDateString()
    ? sameDay.format(at)
    : otherDay.format(at);
}

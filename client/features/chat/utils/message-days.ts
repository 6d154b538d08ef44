import type { ChatMessage } from '../../../../contract/realtime';
import { dayKey, dayLabel } from './message-dates';

export interface MessageDay {
  key: string;
  /** 'Today', 'Yesterday' or the date. */
  label: string;
  messages: ChatMessage[];
  /** Where in `messages` the 'New messages' line goes (absent: not in this day). */
  unreadFrom?: number;
}

/**
 * The messages of each local day, in order, with the day's name, and where the 'New messages'
 * line goes: above the message `lineAbove` names.
 */
export function byDay(
  messages: readonly ChatMessage[],
  lineAbove: ChatMessage['id'] | null,
): MessageDay[] {
  const now = Date.now();
  const days: MessageDay[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    if (days.at(-1)?.key !== key) {
      days.push({ key, label: dayLabel(message.createdAt, now), messages: [] });
    }
    const day = days.at(-1)!;
    if (message.id === lineAbove) day.unreadFrom = day.messages.length;
    day.messages.push(message);
  }
  return days;
}

import type { ChatMessage } from '../../../../contract/realtime';
import { isSystemMessage, MAX_SHOWN_MESSAGES, mergeMessages } from '../utils/merge-messages';
import { JumpPages, type ReplacedList } from './jump-pages';
import { OlderPages, oldestIdOf } from './older-pages';
import type { Outbox } from './outbox';
import type { RoomSink } from './room-state';

export type ShownList = ReturnType<typeof shownList>;

/**
 * The messages one room connection shows (the store's `messages`), and the pages that reach
 * beyond them: older ones scrolled back to, and the pages of a jump into the past. What is
 * shown is also what the outbox learns the room has listed.
 */
export function shownList(room: RoomSink, outbox: Outbox) {
  const shown = () => room.read().messages;
  /** Grows with the pages scrolled back to, so a live message does not drop them again. */
  let cap = MAX_SHOWN_MESSAGES;
  const olderPages = new OlderPages((older) => room.write(older));
  const jumpPages = new JumpPages((newer) => room.write(newer));
  return {
    olderPages,
    jumpPages,
    shown,
    isShown: (id: number) => shown().some((message) => message.id === id),
    show: (incoming: ChatMessage[], from = shown()) => {
      const oldest = oldestIdOf(from);
      const messages = mergeMessages(from, incoming, cap);
      // The list dropped its oldest: they can be scrolled back to.
      if (oldest !== undefined && oldestIdOf(messages) !== oldest) olderPages.hasOlder = true;
      room.write({ messages });
      outbox.listed(incoming.map((message) => message.id).filter((id) => typeof id === 'number'));
    },
    /** A page scrolled to, older or newer, kept whole: the cap grows to hold it. */
    addPage: (page: ChatMessage[]) => {
      const messages = mergeMessages(shown(), page, Number.POSITIVE_INFINITY);
      cap = Math.max(cap, messages.length);
      room.write({ messages });
    },
    /** A jump's page (or the newest again) in place of the list. */
    replaceList: (list: ReplacedList) => {
      cap = MAX_SHOWN_MESSAGES;
      const messages = list.messages.filter((message) => !isSystemMessage(message));
      room.write({ messages });
      olderPages.hasOlder = list.hasOlder;
      outbox.listed(messages.map((message) => message.id).filter((id) => typeof id === 'number'));
    },
  };
}

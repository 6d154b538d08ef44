import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import {
  lastMessageIdOf,
  MAX_SHOWN_MESSAGES,
  mergeMessages,
} from '../../client/features/chat/utils/merge-messages';

const message = (id: number, text = `m${id}`): ChatMessage => ({
  id,
  user: 'ada',
  text,
  messageType: 'user',
  createdAt: id,
});
const ids = (list: ChatMessage[]) => list.map((m) => m.id);

describe('mergeMessages', () => {
  it('puts a first history before live messages that arrived earlier', () => {
    const live = [message(12)];
    expect(ids(mergeMessages(live, [message(10), message(11)]))).toEqual([10, 11, 12]);
  });

  it('never repeats a message a reconnect sends again, and keeps the newest copy', () => {
    const shown = [message(1), message(2), message(3)];
    const merged = mergeMessages(shown, [message(3, 'edited'), message(4), message(2)]);
    expect(ids(merged)).toEqual([1, 2, 3, 4]);
    expect(merged[2]?.text).toBe('edited');
  });

  it('orders by id whatever the arrival order', () => {
    expect(ids(mergeMessages([], [message(5), message(2), message(9), message(1)]))).toEqual([
      1, 2, 5, 9,
    ]);
  });

  it('keeps only the newest messages past the bound', () => {
    const many = Array.from({ length: MAX_SHOWN_MESSAGES + 5 }, (_, i) => message(i + 1));
    const merged = mergeMessages([], many);
    expect(merged).toHaveLength(MAX_SHOWN_MESSAGES);
    expect(merged[0]?.id).toBe(6);
  });

  it('names the highest numeric id for a resumed history, and none for an empty list', () => {
    expect(lastMessageIdOf([])).toBeUndefined();
    expect(lastMessageIdOf([message(3), message(7), message(5)])).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import type { RoomSummary } from '../../contract/rooms';
import { unseenCount } from '../../client/features/chat/utils/unseen-count';
import {
  noteRead,
  unreadLabel,
  unreadTotal,
  withReadMarks,
} from '../../client/lib/unread/read-marks';

const room = (roomId: string, unreadCount: number, lastMessageId: number): RoomSummary => ({
  _id: roomId,
  roomId,
  name: roomId,
  activeNickname: 'ada',
  unreadCount,
  lastMessageId,
});
const message = (id: number, user: string): ChatMessage => ({
  id,
  user,
  text: `m${id}`,
  messageType: 'user',
  createdAt: id,
});

describe('unread counts in the client', () => {
  it("lists rooms with unread messages first, keeping the server's order within each group", () => {
    const rooms = [room('a', 0, 5), room('b', 2, 9), room('c', 0, 3), room('d', 1, 4)];
    expect(withReadMarks(rooms).map((r) => r.roomId)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('trusts what this tab read over a count the room has not flushed yet, until newer messages', () => {
    noteRead('read-here', 9);
    expect(withReadMarks([room('read-here', 3, 9)])[0]!.unreadCount).toBe(0);
    // Newer messages than the mark: the server's count stands.
    expect(withReadMarks([room('read-here', 2, 11)])[0]!.unreadCount).toBe(2);
    // A mark never moves back, and it is kept for the reload that Back makes.
    noteRead('read-here', 4);
    expect(withReadMarks([room('read-here', 3, 9)])[0]!.unreadCount).toBe(0);
    expect(JSON.parse(window.sessionStorage.getItem('readMarks')!)).toMatchObject({
      'read-here': 9,
    });
  });

  it("totals the rooms but the one on screen, and shows more than 99 as '99+'", () => {
    const rooms = [room('a', 3, 5), room('b', 120, 200), room('c', 0, 1)];
    expect(unreadTotal(rooms)).toBe(123);
    expect(unreadTotal(rooms, 'b')).toBe(3);
    expect(unreadTotal(undefined)).toBe(0);
    expect([1, 99, 100, 5000].map(unreadLabel)).toEqual(['1', '99', '99+', '99+']);
  });

  it("counts others' messages after the last seen one, stopping at the reader's own", () => {
    const shown = [message(1, 'bob'), message(2, 'Ada'), message(3, 'bob'), message(4, 'cy')];
    expect(unseenCount(shown, 0, 'ada')).toBe(2);
    expect(unseenCount(shown, 3, 'ada')).toBe(1);
    expect(unseenCount(shown, 4, 'ada')).toBe(0);
    expect(unseenCount([message(1, 'bob'), message(2, 'cy')], 0, 'ada')).toBe(2);
  });
});

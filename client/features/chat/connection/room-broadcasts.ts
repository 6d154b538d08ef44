import {
  chatHistorySchema,
  chatMessageSchema,
  historyPageSchema,
  nicknameChangedSchema,
  roomChangedSchema,
  roomDataSchema,
  typingSchema,
} from '../../../../contract/realtime';
import { htmlToText } from '../utils/sanitize-html';
import { isSystemMessage } from '../utils/merge-messages';
import { showSystemNotice } from '../utils/show-system-notice';
import type { OneConnection } from './socket-standing';

/**
 * What the room tells the connection unasked: the history a join brings, live messages and
 * notices, who is online and typing, a rename, a change of owner or name, the room's deletion.
 * What fails its schema (or names another room) is ignored.
 */
export function listenForBroadcasts(connection: OneConnection) {
  const { socket, roomId, nickname, room, list, standing } = connection;
  const { olderPages, jumpPages } = list;
  socket.on('chatHistory', (history, page) => {
    const parsed = chatHistorySchema.safeParse(history);
    const hasMore = historyPageSchema.safeParse(page).data?.hasMore ?? false;
    const { resumedFrom } = standing;
    // A resumption further behind than one page leaves a gap: start again from this page,
    // with the rest to scroll back to.
    const from = resumedFrom !== undefined && hasMore ? [] : list.shown();
    list.show(
      parsed.success ? parsed.data.filter((message) => !isSystemMessage(message)) : [],
      from,
    );
    if (resumedFrom === undefined || hasMore) olderPages.hasOlder = hasMore;
    // Whatever page of the past was shown, the list now reaches the present.
    jumpPages.attached();
    room.write({ historyLoaded: true });
  });
  socket.on('message', (raw) => {
    const parsed = chatMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (!isSystemMessage(message)) {
      room.liveMessage(message);
      // Showing the past: it would land after a gap. It waits on the server, where the pages
      // towards the present (or a jump to the latest) will find it.
      if (jumpPages.detached) return;
      return list.show([message]);
    }
    standing.lastNotice = { text: htmlToText(message.text), at: Date.now() };
    showSystemNotice(message);
  });
  socket.on('roomData', (data) => {
    const parsed = roomDataSchema.safeParse(data);
    if (!parsed.success) return;
    room.write({ roomData: parsed.data });
    room.online(parsed.data.users.map((user) => user.nickname));
  });
  socket.on('typing', (event) => {
    const parsed = typingSchema.safeParse(event);
    if (parsed.success) room.heardTyping(parsed.data.nickname);
  });
  socket.on('nicknameChanged', (event) => {
    const parsed = nicknameChangedSchema.safeParse(event);
    if (parsed.success && parsed.data.nickname !== nickname) room.renamed(parsed.data.nickname);
  });
  socket.on('admin-broadcast', (broadcast) => console.log('Admin broadcast', broadcast.message));
  socket.on('roomChanged', (event) => {
    const parsed = roomChangedSchema.safeParse(event);
    if (parsed.success && parsed.data.roomId === roomId) room.roomChanged(parsed.data.what);
  });
  socket.on('room-deleted', (event) => {
    if (event.roomId !== roomId) return;
    standing.roomDeleted = true;
    room.roomDeleted();
  });
}

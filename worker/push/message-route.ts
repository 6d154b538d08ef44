/**
 * `GET /api/rooms/:roomId/messages/:messageId`: what the service worker shows for a push, which
 * carries ids alone (docs/push.md). Members who are not banned get
 * `{ roomId, roomName, message, notification: { title, body } }`: the message as history
 * carries it, and the notification's words ready in plain text, as the open app writes them
 * (client/features/chat/hooks/use-message-notifications.ts). Everyone else, and a message never
 * sent, trimmed or deleted, gets 404: nothing tells a stranger that the room exists. The room
 * checks its own ban list too (a replica may not have seen a kick yet), and each read takes from
 * the person's notification budget there (message-calls.ts): past it, 429.
 */
import { Hono } from 'hono';
import { cutText } from '../../contract/cut-text';
import { filesLabel } from '../../contract/files';
import { READING_MESSAGES_TOO_FAST, type RoomMessageResponse } from '../../contract/push';
import type { ChatMessage } from '../../contract/realtime';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { ApiError } from '../http/api-error';
import { tooManyRequests } from '../security/guards';
import { textOfHtml } from '../lib/html-text';
import { findRoomMessage } from '../room-calls/room-rpc';
import { directRoomName } from '../rooms/direct-rooms';
import { roomMembershipAndBan } from '../rooms/room-queries';

const MESSAGE_NOT_FOUND = 'Message not found';
/** As long as the open app's notification text. */
const BODY_MAX = 160;
const MESSAGE_ID = /^[1-9]\d{0,15}$/;

export const messageRoutes = new Hono<AppEnv>().get(
  '/rooms/:roomId/messages/:messageId',
  requireUser,
  async (c) => {
    const { roomId, messageId } = c.req.param();
    if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
    if (!MESSAGE_ID.test(messageId)) throw new ApiError(404, MESSAGE_NOT_FOUND);
    const [room] = await roomMembershipAndBan(c.var.db, roomId, c.var.user.id);
    if (!room || room.nickname === null || room.bannedAt !== null) {
      throw new ApiError(404, roomMessages.roomNotFound);
    }
    const found = await findRoomMessage(c.env, roomId, c.var.user.id, Number(messageId));
    if ('refused' in found) {
      // A second refills the budget by one read (load-history.ts).
      if (found.refused === 'rate_limited') tooManyRequests(c, 1, READING_MESSAGES_TOO_FAST);
      if (found.refused === 'no_room') throw new ApiError(404, roomMessages.roomNotFound);
      throw new ApiError(404, MESSAGE_NOT_FOUND);
    }
    const { message } = found;
    // A direct conversation is named after the other person, as the room list names it.
    const roomName = room.directPair
      ? await directRoomName(c.var.db, roomId, c.var.user.id)
      : room.name;
    return c.json({
      roomId,
      roomName,
      message,
      notification: notificationOf(message, roomName, room.nickname),
    } satisfies RoomMessageResponse);
  },
);

/**
 * The title and body a notification shows: a mention of the reader, or a reply to one of their
 * messages (its quote names the author as the open app compares it), says so in the title.
 */
function notificationOf(message: ChatMessage, roomName: string, reader: string) {
  const text = textOfHtml(message.text) || filesLabel(message.files ?? []);
  const body = `${message.user}: ${cutText(text, BODY_MAX)}`;
  const me = reader.toLowerCase();
  const mentioned = message.mentions?.some((name) => name.toLowerCase() === me);
  const replied =
    message.replyTo !== undefined &&
    'user' in message.replyTo &&
    message.replyTo.user.toLowerCase() === me;
  let title = roomName;
  if (mentioned) title = `${message.user} mentioned you in ${roomName}`;
  else if (replied) title = `${message.user} replied to you in ${roomName}`;
  return { title, body };
}

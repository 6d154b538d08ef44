/**
 * Every call into a room's Durable Object, in one place: routes, queues and the security log
 * call these, never a stub of their own. Each is one RPC (or the upgrade's fetch) to the object
 * that `idFromName(roomId)` names: the same id always reaches the same object. What a room
 * object does with a call is in worker/chat/room/chat-room.ts; nothing here knows it beyond
 * the binding's type.
 */
import type { UploadedFile } from '../../contract/files';
import type { MessageType } from '../../contract/realtime';
import type { SearchQuery } from '../../contract/search';
import { retryTransient } from './retry-transient';

/**
 * Which sockets to end from outside the room: a person's (one session's) or an address's.
 * `accountDeleted`: the person is gone for good, and the room forgets them as a member too.
 * `spare`: a late close after every session of theirs ended (queues/late-socket-closes.ts).
 */
export type SocketMatch =
  | { userId: string; sessionId?: string; accountDeleted?: boolean; spare?: SparedSessions }
  | { ip: string };

/**
 * The sessions D1 holds when a late close is delivered, all started after `endedAt` (when
 * every session ended): their sockets and tickets stay good; older tickets are void.
 */
export interface SparedSessions {
  sessionIds: string[];
  endedAt: number;
}

/** The object of one room (tests reach it with runInDurableObject). */
export function roomStub(env: Env, roomId: string, locationHint?: DurableObjectLocationHint) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(roomId), { locationHint });
}

/** Hands a checked socket upgrade to its room (worker/chat/upgrade/socket-route.ts). */
export function forwardUpgrade(env: Env, roomId: string, request: Request): Promise<Response> {
  return roomStub(env, roomId).fetch(request);
}

/** Makes the object, and nothing more: its start overlaps a ticket's answer. */
export function wakeRoom(env: Env, roomId: string): Promise<void> {
  return roomStub(env, roomId).wake();
}

/** A new room: its object is made where its creator is, and learns its id and name. */
export function roomCreated(
  env: Env,
  roomId: string,
  roomName: string,
  locationHint?: DurableObjectLocationHint,
): Promise<void> {
  return roomStub(env, roomId, locationHint).roomCreated(roomId, roomName);
}

/**
 * A member's nickname in the room changed through the API. May run twice (the room reads the
 * nickname from D1 itself, ChatRoom.membershipChanged), so tried again as a kick is. Routes make
 * it, read sharing, a rename and a deletion through owed-room-calls.ts, which queues a call
 * still failing.
 */
export function membershipChanged(env: Env, roomId: string, userId: string) {
  return retryTransient(() => roomStub(env, roomId).membershipChanged(userId));
}

/**
 * The member turned 'Share when I have read messages' on or off (users/share-reads.ts): the
 * room sets it, so a second run changes nothing.
 */
export function readSharingChanged(env: Env, roomId: string, userId: string, share: boolean) {
  return retryTransient(() => roomStub(env, roomId).readSharingChanged(userId, share));
}

/**
 * A member's upload, stored in R2 and D1 (worker/files/): the room keeps it so that the
 * uploader's sendMessage may name it by id.
 */
export function fileUploaded(
  env: Env,
  roomId: string,
  upload: UploadedFile & { uploaderId: string; createdAt: number },
): Promise<void> {
  return roomStub(env, roomId).fileUploaded(upload);
}

/** A member's search of the room's history (worker/rooms/search-route.ts). */
export function searchRoom(env: Env, roomId: string, userId: string, query: SearchQuery) {
  return roomStub(env, roomId).searchMessages(userId, query);
}

/**
 * A kick: banned in the room, their sockets ended with `reason`. This call and the two below
 * may run twice, and are tried again on a transient fault (each attempt on a new stub, as the
 * runtime asks): D1 already says the person is out, and their open socket would not know.
 * Routes make these four through owed-room-calls.ts, which queues a call still failing.
 */
export function removeMember(env: Env, roomId: string, userId: string, reason: string) {
  return retryTransient(() => roomStub(env, roomId).removeMember(userId, reason));
}

/**
 * The person left the room through the API (rooms/leave-room.ts): their sockets there hear
 * `reason` and close, and the room forgets them as a member. Not a ban.
 */
export function memberLeft(env: Env, roomId: string, userId: string, reason: string) {
  return retryTransient(() => roomStub(env, roomId).memberLeft(userId, reason));
}

/**
 * The room has a new owner, `nickname` here (rooms/hand-over-room.ts): the room reads its owner
 * from D1 again and tells its members. Retried as a kick is: until the call lands, the old
 * owner's open socket could still delete anyone's message. A retry may follow an attempt that
 * landed but whose answer was lost, so every attempt names the same hand-over id, and the room
 * tells a hand-over it has told already no more (ChatRoom.ownerChanged); so does a late
 * delivery of the same hand-over (room-calls/owed-room-calls.ts).
 */
export function ownerChanged(env: Env, roomId: string, nickname: string, handOverId: string) {
  return retryTransient(() => roomStub(env, roomId).ownerChanged(nickname, handOverId));
}

export function unbanMember(env: Env, roomId: string, userId: string) {
  return retryTransient(() => roomStub(env, roomId).unbanMember(userId));
}

/** Ends the room's sockets that match; answers how many. */
export function closeSockets(
  env: Env,
  roomId: string,
  match: SocketMatch,
  reason: string,
): Promise<number> {
  return retryTransient(() => roomStub(env, roomId).closeSockets(match, reason));
}

/** An administrator's broadcast; with `broadcastId`, a repeat of it delivers nothing. */
export function adminBroadcast(
  env: Env,
  room: { roomId: string; name: string },
  messageType: MessageType,
  html: string,
  broadcastId?: string,
): Promise<void> {
  const { roomId, name } = room;
  return roomStub(env, roomId).adminBroadcast(roomId, name, messageType, html, broadcastId);
}

/**
 * The room was renamed in D1: its object reads the name there and tells its open chats. May run
 * twice, so tried again on a transient fault as a kick is.
 */
export function roomRenamed(env: Env, roomId: string): Promise<void> {
  return retryTransient(() => roomStub(env, roomId).roomRenamed(roomId));
}

/**
 * The room was deleted: its object tells its sockets, ends them and forgets its history. A
 * second run finds nothing left to end or forget, so tried again as a kick is.
 */
export function deleteRoom(env: Env, roomId: string): Promise<void> {
  return retryTransient(() => roomStub(env, roomId).deleteRoom(roomId));
}

/**
 * A stored message that is not deleted, as history carries it, for a member the room has not
 * banned, taken from their history budget; else why not (push/message-route.ts).
 */
export function findRoomMessage(env: Env, roomId: string, userId: string, messageId: number) {
  return roomStub(env, roomId).messageForNotification(userId, messageId);
}

/**
 * The account that wrote message `messageId` of the room, or null (the moderator's, or none):
 * asked only for a caller already known to be a member (worker/direct/direct-routes.ts).
 */
export function messageAuthor(env: Env, roomId: string, messageId: number): Promise<string | null> {
  return roomStub(env, roomId).authorOf(messageId);
}

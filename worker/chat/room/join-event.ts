/**
 * `join` `{ name, room, lastMessageId? }`: the socket speaks in the room under the person's
 * nickname there, gets the history after the last message it shows, and the room hears that
 * they arrived (once, however many tabs they join from). A join that leaves the online list as
 * it was (another tab, a second join) gets the list alone; the others hear nothing.
 */
import { inRoomAs, joinSchema, refused, REFUSED, type JoinAck } from '../../../contract/realtime';
import { historyPage } from '../messages/history-page';
import { SEEN } from '../messages/seen-positions';
import { JOINED, type RoomSocket } from '../sockets/socket-state';
import { readJoinRights } from './join-check';
import { JOINING_TOO_FAST } from './join-limit';
import type { RoomParts } from './room-parts';

const JOIN_FORM =
  'join takes { name: <your nickname here>, room: <room id>, lastMessageId?: <message id> }';

/** `join` comes as ({ name, room }) from our client, or (name, room) from others. */
export function readJoin(args: unknown[]): unknown {
  const first = args[0];
  return first && typeof first === 'object' ? first : { name: first, room: args[1] };
}

export async function join(
  room: RoomParts,
  socket: RoomSocket,
  raw: unknown,
  reply: (ack: JoinAck) => void,
) {
  const parsed = joinSchema.safeParse(raw);
  if (!parsed.success) return reply(refused('invalid_payload', JOIN_FORM));
  const payload = parsed.data;
  if (payload.room !== room.identity.id) return reply(REFUSED.wrongRoom);
  // The cookie is another account's than the tab's (signed out there, another signed in on this
  // browser since): answering `in_room_as` would let the tab take this account's nickname and
  // send what it has waiting, typed by the other person, as this one.
  if (payload.account !== undefined && payload.account !== socket.data.userId) {
    reply(REFUSED.notAuthenticated);
    return socket.disconnect(true);
  }
  if (!room.personJoins.take(socket.data.userId)) {
    return reply(refused('rate_limited', JOINING_TOO_FAST));
  }
  const state = socket.data;
  // The room's own list, not the upgrade's check: this socket may predate the kick.
  if (room.gate.isBanned(state.userId)) {
    reply(REFUSED.banned);
    return socket.disconnect(true);
  }
  // The worker's check at the upgrade, kept current by its calls on a kick or a new nickname;
  // read from D1 when there is none (an administrator, or a socket that might be stale).
  const read = state.memberAs
    ? null
    : await readJoinRights(room.db(), room.identity.id, state.userId, state.sessionId);
  // The socket may have gone while D1 answered: nobody is left to join, or to announce.
  if (!socket.connected) return;
  if (read && !read.signedIn) {
    reply(REFUSED.notAuthenticated);
    return socket.disconnect(true);
  }
  // A rename that reached the room meanwhile set memberAs, newer than what D1 said before it.
  const memberAs = state.memberAs || read?.nickname;
  if (!memberAs) {
    reply(REFUSED.notMember);
    return socket.disconnect(true);
  }
  if (payload.name.toLowerCase() !== memberAs.toLowerCase()) {
    return reply({ ...refused('in_room_as', inRoomAs(memberAs)), nickname: memberAs });
  }
  // Joined already, here (a second join) or in another tab: the room heard it once.
  const alreadyHere =
    state.nickname !== null || room.presence.joinedElsewhere(state.userId, socket.ws);
  // Listed already under this nickname: the online list stays as everyone has it.
  const listed =
    state.nickname === memberAs ||
    room.presence.listedElsewhereAs(state.userId, memberAs, socket.ws);
  state.nickname = memberAs;
  // Saves the nickname too; a sharer's socket hears 'seen' (seen-positions.ts).
  socket.join(...(state.shareReads ? [JOINED, SEEN] : [JOINED]));
  room.members.set(state.userId, memberAs);
  void room.members.load();
  reply({});
  // A reconnecting client names the last message it shows and gets what came after it, as
  // much as one bounded frame carries (history-page.ts), then what changed of what it shows.
  const { messages, page } = historyPage(
    room.messages.store,
    payload.lastMessageId ?? 0,
    state.userId,
  );
  socket.emit('chatHistory', messages, page);
  if (payload.lastMessageId) room.messages.changes.replay(socket, payload.lastMessageId);
  if (state.shareReads) room.messages.seen.joined(socket);
  else socket.leave(SEEN);
  if (listed) return room.presence.sendRoomDataTo(socket);
  room.presence.changed(
    alreadyHere ? undefined : { kind: 'joined', nickname: memberAs, socket: socket.ws },
    socket,
  );
}

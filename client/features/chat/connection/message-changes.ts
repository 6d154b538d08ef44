import { pinsEventSchema } from '../../../../contract/pins';
import {
  messageDeletedSchema,
  messageUpdatedSchema,
  reactionsEventSchema,
  seenSchema,
  type Ack,
} from '../../../../contract/realtime';
import { applyDeletion, applyEdit, applyReactions } from '../utils/apply-message-change';
import { refusalText } from '../utils/refusal-text';
import { ACK_TIMEOUT_MS, type RoomSocket } from './socket-calls';
import {
  HEARD_DELETED_MAX,
  NOBODY_SEEN,
  type ActionResult,
  type MessageAction,
  type RoomSink,
} from './room-state';

/** What an action waiting past ACK_TIMEOUT_MS resolves with. */
export const NO_ANSWER = 'The room did not answer. Please try again.';

/**
 * The changes to listed messages the room announces (reactions, edits, deletions), its pins,
 * and how far others have read (`seen`), applied to the snapshot; what fails its schema (or
 * names another room) is ignored. Every deletion is also noted (`heardDeleted`), listed or not.
 */
export function listenForChanges(socket: RoomSocket, roomId: string, room: RoomSink) {
  /** A join was sent: the next `seen` has everyone's positions, and replaces what was known. */
  let seenFromScratch = false;
  const messages = () => room.read().messages;
  socket.on('reactions', (event) => {
    const parsed = reactionsEventSchema.safeParse(event);
    if (!parsed.success) return;
    room.write({ messages: applyReactions(messages(), parsed.data.id, parsed.data.reactions) });
  });
  socket.on('messageUpdated', (event) => {
    const parsed = messageUpdatedSchema.safeParse(event);
    if (parsed.success) room.write({ messages: applyEdit(messages(), parsed.data) });
  });
  socket.on('messageDeleted', (event) => {
    const parsed = messageDeletedSchema.safeParse(event);
    if (!parsed.success) return;
    const { id } = parsed.data;
    const heard = room.read().heardDeleted;
    room.write({
      messages: applyDeletion(messages(), id),
      // A catching-up join may say one again: kept once.
      heardDeleted: heard.includes(id) ? heard : [...heard, id].slice(-HEARD_DELETED_MAX),
    });
  });
  socket.on('pins', (event) => {
    const parsed = pinsEventSchema.safeParse(event);
    if (parsed.success && parsed.data.roomId === roomId) room.write({ pins: parsed.data.pins });
  });
  socket.on('seen', (event) => {
    const parsed = seenSchema.safeParse(event);
    if (!parsed.success) return;
    const known = room.read().seen;
    const fresh = seenFromScratch;
    seenFromScratch = false;
    const seen: Record<string, number> = fresh ? {} : { ...known };
    // Someone who stopped sharing comes as 0: they are gone from the picture.
    for (const { nickname, messageId } of parsed.data.positions) {
      if (messageId > 0) seen[nickname] = messageId;
      else delete seen[nickname];
    }
    const moved =
      fresh || parsed.data.positions.some((p) => known[p.nickname] !== seen[p.nickname]);
    if (moved) room.write({ seen });
  });
  return {
    /** Before each join; a fresh one (not resuming) forgets the positions at once. */
    joining: (fresh: boolean) => {
      seenFromScratch = true;
      if (fresh) room.write({ seen: NOBODY_SEEN });
    },
  };
}

/**
 * Sends a reaction, an edit, a deletion or a pin with the room's id, and resolves with what the room
 * answered: a refusal in the chat's words for its code (refusal-text.ts), or NO_ANSWER.
 */
export function sendAction(
  socket: RoomSocket,
  roomId: string,
  action: MessageAction,
): Promise<ActionResult> {
  return new Promise((resolve) => {
    const answered = (timedOut: Error | null, ack: Ack) => {
      if (timedOut) resolve({ ok: false, error: NO_ANSWER });
      else if (ack?.error) resolve({ ok: false, error: refusalWords(action, ack.error, ack.code) });
      else resolve({ ok: true });
    };
    const emitter = socket.timeout(ACK_TIMEOUT_MS);
    const { messageId } = action;
    if (action.event === 'react') {
      emitter.emit('react', { roomId, messageId, emoji: action.emoji }, answered);
    } else if (action.event === 'editMessage') {
      emitter.emit('editMessage', { roomId, messageId, text: action.text }, answered);
    } else {
      emitter.emit(action.event, { roomId, messageId }, answered);
    }
  });
}

/**
 * A refusal's words. The chat's 'not_allowed' words are about a message the reader may not
 * change; a pin refused so is about who may pin, which the room's own words say.
 */
function refusalWords(action: MessageAction, error: string, code: Ack['code']): string {
  const pin = action.event === 'pinMessage' || action.event === 'unpinMessage';
  return pin && code === 'not_allowed' ? error : refusalText(code, error);
}

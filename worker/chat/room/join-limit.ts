/**
 * Each `join` answers with a history frame, the most expensive thing a socket can ask for, so a
 * person gets a few joins at a time (a reconnect, a rejoin after leaving), not a stream. The
 * budget is the person's across all their sockets in the room: one per socket let a person
 * with ten tabs, or a new socket a second, pull ten times as much. In memory: an object woken
 * from hibernation starts everyone full, which the idle time that let it hibernate would have
 * refilled anyway.
 */
import { PersonLimit } from '../sockets/person-limit';
import { MAX_SOCKETS_PER_PERSON } from '../sockets/room-socket-options';

/** Every tab a person may have open rejoins at once after a deploy; then one each 2 s. */
export const JOINS_BURST = MAX_SOCKETS_PER_PERSON;
const JOINS_PER_SECOND = 0.5;
export const JOINING_TOO_FAST = 'You are joining too fast';

/** A room's join budgets, one per person (chat-room.ts keeps it with the room's parts). */
export function newJoinLimit(): PersonLimit {
  return new PersonLimit(JOINS_PER_SECOND, JOINS_BURST);
}

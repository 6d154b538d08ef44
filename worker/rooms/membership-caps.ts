/**
 * The caps on how many rooms (MEMBERSHIPS_MAX) and private conversations (CONVERSATIONS_MAX)
 * one person is in, as SQL conditions. Each goes in the very statement that writes a
 * membership (or the batch making a room with its memberships), so joins at once cannot pass
 * it: SQLite runs one statement, or one batch, at a time.
 */
import { CONVERSATIONS_MAX } from '../../contract/direct';
import { MEMBERSHIPS_MAX } from '../../contract/rooms';

/**
 * How many ordinary rooms, or conversations, a user is in: `user` is an SQL expression of their
 * id, a numbered parameter such as `?3`.
 */
const held = (user: string, conversations: boolean) => `(SELECT COUNT(*) FROM memberships AS held
  JOIN rooms AS held_room ON held_room.room_id = held.room_id
  WHERE held.user_id = ${user}
    AND held_room.direct_pair IS ${conversations ? 'NOT NULL' : 'NULL'})`;

/** The user of `user` may be in one more ordinary room. */
export const belowRoomCap = (user: string) => `${held(user, false)} < ${MEMBERSHIPS_MAX}`;

/** The user of `user` may be in one more private conversation. */
export const belowConversationCap = (user: string) => `${held(user, true)} < ${CONVERSATIONS_MAX}`;

/** Rooms, memberships and the join call (spec points 3, 5 and 7). */
import { z } from 'zod';
import { isBlank, stripInvisible } from './invisible-characters';
import { nicknameSchema, pagedListFields } from './validation';
import { ROOM_ID_PATTERN } from './room-id';
import type { NotificationLevel } from './notifications';

export const ROOM_NAME_MAX = 50;

/**
 * The most ordinary rooms one person can be in, made or joined. The room list sorts every one
 * of them on each poll, which no index serves, so a script with invite links must not give an
 * account tens of thousands. Private conversations have their own cap (contract/direct.ts):
 * others start them, and must not use up the rooms a person can join.
 */
export const MEMBERSHIPS_MAX = 1000;

/** Administrators appear in rooms as 'Mod' plus a frog; the nickname rules keep users out of it. */
export const MODERATOR_MARK = 'Mod🐸';
/** The author of an admin's 'As User' broadcast, shown with a Mod badge. */
export const CHAT_MODERATOR = 'ChatModerator';

export function isModeratorNickname(nickname: string): boolean {
  return (
    nickname.includes(MODERATOR_MARK) || nickname.toLowerCase() === CHAT_MODERATOR.toLowerCase()
  );
}
/** The conflict suggestion of the spec: the current nickname plus '1'. */
export const suggestNickname = (nickname: string) => `${nickname}1`;

export const roomMessages = {
  roomNameRequired: 'Please provide a room name',
  roomNameTooLong: `Room name cannot exceed ${ROOM_NAME_MAX} characters.`,
  roomNotFound: 'Room not found',
  nicknameReserved: 'That nickname is reserved for moderators. Please choose another.',
  banned: 'You have been banned from this room',
  notBanned: 'That user is not banned from this room',
  creatingTooFast: 'You are creating rooms too fast. Please try again later.',
  renamingTooFast: 'You are changing your nickname too fast. Please try again later.',
  tooManyRooms: `You are in too many rooms (${MEMBERSHIPS_MAX.toLocaleString('en-US')}) to join or create another.`,
  ownerCannotLeave: 'You own this room, so you cannot leave it.',
  conversationNotLeft: 'A private conversation is not left: blocking the person ends it.',
  /** What the leaver's open sockets in the room hear as they close. */
  youLeft: 'You left this room.',
} as const;

/** A room id is the invite: long, random and URL-safe. */
export const roomIdSchema = z
  .string({ error: roomMessages.roomNotFound })
  .regex(ROOM_ID_PATTERN, roomMessages.roomNotFound);

/** Absent when empty, or made only of letters that show as nothing (a blank room name). */
const optionalText = z
  .string()
  .overwrite(stripInvisible)
  .trim()
  .optional()
  .transform((value) => (value && !isBlank(value) ? value : undefined));

/**
 * A room's name is one line: line breaks, tabs and control characters (a BEL, the C1 controls)
 * become one space. It titles notifications and the tab, where a line break would begin a
 * line of the creator's choosing.
 */
export const oneLine = (name: string | undefined) => name?.replace(/[\s\p{Cc}]+/gu, ' ').trim();

export const joinBody = z
  .object({
    roomId: optionalText,
    roomName: optionalText
      .transform(oneLine)
      .pipe(z.string().max(ROOM_NAME_MAX, roomMessages.roomNameTooLong).optional()),
    // Not through optionalText: a nickname with invisible characters is refused, not stripped.
    // One with nothing that shows at all is none given, as before (the join's default).
    activeNickname: z
      .string()
      .optional()
      .transform((value) => (value && !isBlank(stripInvisible(value)) ? value : undefined))
      .pipe(nicknameSchema.optional()),
    /** An invite link's code; a wrong one is refused by the join itself, not as bad input. */
    invite: z.string().max(64).optional(),
  })
  .refine((body) => body.roomId || body.roomName, { message: roomMessages.roomNameRequired });

export const kickBody = z.object({
  targetUserId: z
    .string({ error: 'targetUserId is required' })
    .min(1, 'targetUserId is required')
    .max(64),
});

/** POST /api/join: an invitation's roomId or a new room's name, and a nickname. */
export interface JoinRequest {
  /** Joins this room (an invitation)... */
  roomId?: string;
  /** ...or creates a room with this name. */
  roomName?: string;
  activeNickname?: string;
  /** The code of the invite link followed, for a room whose owner turned invite links on. */
  invite?: string;
}

export interface JoinResponse {
  success: true;
  activeNickname: string;
  roomId: string;
}

/** The 409 of a join under a nickname somebody else in the room holds. */
export interface NicknameConflict {
  error: 'nickname_conflict';
  roomId: string;
  roomName: string;
  message: string;
}

export interface LastMessageExcerpt {
  /** Safe HTML, as the server rendered it. */
  fullText: string;
  /** Without markup, cut at 100 characters plus an ellipsis. */
  plainText: string;
}

export interface RoomSummary {
  _id: string;
  roomId: string;
  name: string;
  activeNickname: string | null;
  lastMessageExcerpt?: LastMessageExcerpt;
  /**
   * Messages from others after the caller's read position, as of the room's last summary
   * flush (about a second behind). The exact number: clients show more than 99 as '99+'.
   * Always sent; optional for answers from before unread counts (a cached list), read as 0.
   */
  unreadCount?: number;
  /** The room's newest message id as of that flush (0: none yet), to match read marks. */
  lastMessageId?: number;
  /**
   * The caller's read position as of that flush: the newest message id they have seen or sent
   * (0: none). The chat draws its 'New messages' line after it. Always sent; optional for a
   * cached list from before it was.
   */
  lastReadId?: number;
  /**
   * A message that mentions the caller is past their read position, as of the room's last
   * summary flush. Always sent; optional for answers from before mentions, read as false.
   */
  unreadMentions?: boolean;
  /** The caller made the room: they may delete anyone's message in it, and manage its links. */
  isOwner?: boolean;
  /**
   * A private conversation of two (contract/direct.ts): `name` is then the other person's
   * nickname in it. Absent for ordinary rooms.
   */
  direct?: true;
  /**
   * What notifies the caller about this room (contract/notifications.ts): the level they chose,
   * else the room's size decides. Always sent; optional for a cached list from before levels.
   */
  notificationLevel?: NotificationLevel;
  /** The caller chose `notificationLevel`; false while the room's size decides it. */
  notificationLevelChosen?: boolean;
}

export { UNREAD_SHOWN_MAX } from './unread';

/** GET /api/rooms: the caller's rooms, those with unread messages first, then the most recently active. */
export type RoomsResponse = RoomSummary[];

/**
 * GET /api/rooms/:roomId: the caller's entry for one room, as GET /api/rooms would give it, for
 * a room beyond that list's 200 most recently active (members only; others get a 404).
 */
export interface RoomResponse {
  room: RoomSummary;
}

export interface Member {
  _id: string;
  activeNickname: string;
  /**
   * emailVerified: whether the member proved the address is theirs (a mailed link). Always
   * sent; optional for answers from before verification existed (a cached list).
   */
  userId: { id: string; _id: string; email: string; emailVerified?: boolean };
  /**
   * An administrator, whatever nickname they joined under: a moderator, whom nobody may kick.
   * Optional for answers from before it was sent (a cached list).
   */
  moderator?: boolean;
}

/** The most members one answer of the two member lists holds. */
export const MEMBER_PAGE_SIZE = 500;
export const MEMBER_SEARCH_MAX_LENGTH = 100;

/**
 * The query of a room's paged lists, `GET /api/rooms/:roomId/members`, `.../nicknames` and
 * `.../bans`: `after`, the `nextAfter` of the page before (opaque; a cursor made for another
 * room, list or search is refused with a 400); `q`, a search (members: anywhere in the nickname
 * or the email; nicknames and bans: how the nickname starts, whatever the case). Neither: the
 * first page, as before there were pages.
 */
const roomListFields = pagedListFields(MEMBER_SEARCH_MAX_LENGTH);
export const roomListQuery = z.object({
  q: roomListFields.q,
  after: roomListFields.cursor,
});

/**
 * `GET /api/rooms/:roomId/nicknames`: the members' nicknames, for '@' (members only), in the
 * order they joined, a page at a time. With `q`: the first MEMBER_PAGE_SIZE whose nickname
 * starts with it, in alphabetical order, and never a `nextAfter` (a longer `q` narrows it).
 */
export interface NicknamesResponse {
  nicknames: string[];
  /** More members follow: `?after=` this. Absent on the last page. */
  nextAfter?: string;
}

/** `GET /api/rooms/:roomId/members`: the room's members in the order they joined, a page at a time. */
export interface MembersResponse {
  isOwner: boolean;
  members: Member[];
  roomCreator: string | null;
  /** More members follow (or match `q`): `?after=` this. Absent on the last page. */
  nextAfter?: string;
}

/** A person kicked from a room, who cannot join it again until an owner or admin lifts it. */
export interface RoomBan {
  userId: string;
  /** The nickname they had in the room when they were kicked. */
  nickname: string;
  /** Milliseconds since the epoch. */
  bannedAt: number;
}

/** The most bans one answer of `GET /api/rooms/:roomId/bans` holds. */
export const BAN_PAGE_SIZE = 500;

/**
 * `GET /api/rooms/:roomId/bans`: the people removed from the room, newest first, a page at a
 * time (the owner's and administrators' only). With `q`, those whose nickname starts with it.
 */
export interface BansResponse {
  bans: RoomBan[];
  /** More bans follow (or match `q`): `?after=` this. Absent on the last page. */
  nextAfter?: string;
}

export interface KickResponse {
  success: true;
  message: string;
}

/** DELETE /api/rooms/:roomId/membership: the caller left the room. */
export interface LeaveResponse {
  success: true;
}

export interface UnbanResponse {
  success: true;
  message: string;
}

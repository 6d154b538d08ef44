/**
 * The query keys that more than one feature reads or invalidates, kept here because features
 * do not import each other: the session's user (the settings invalidate it) and the rooms
 * (the rooms feature reads them, a join in the join feature changes the list).
 */
export const sessionKeys = {
  user: ['session', 'user'] as const,
};

export const roomsKeys = {
  all: ['rooms'] as const,
  lists: () => [...roomsKeys.all, 'list'] as const,
  /** Per account, so that the next person on this browser never sees the last one's rooms. */
  list: (userId: string) => [...roomsKeys.lists(), userId] as const,
  members: (roomId: string) => [...roomsKeys.all, roomId, 'members'] as const,
  /** The moderation panel's pages for a search ('' for everyone), under `members`. */
  membersSearch: (roomId: string, q: string) => [...roomsKeys.members(roomId), { q }] as const,
  nicknames: (roomId: string) => [...roomsKeys.all, roomId, 'nicknames'] as const,
  /** The nicknames that start with `prefix`, asked of the server when the list was cut. */
  nicknamesStartingWith: (roomId: string, prefix: string) =>
    [...roomsKeys.nicknames(roomId), { prefix }] as const,
  bans: (roomId: string) => [...roomsKeys.all, roomId, 'bans'] as const,
  /** The Removed list's pages for a search ('' for everyone), under `bans`. */
  bansSearch: (roomId: string, q: string) => [...roomsKeys.bans(roomId), { q }] as const,
  /** The person's entry for a room the list does not hold (per account, as the list is). */
  summary: (roomId: string, userId: string) =>
    [...roomsKeys.all, roomId, 'summary', userId] as const,
  /** The person's level in a room the list does not hold (per account, as the list is). */
  notificationLevel: (roomId: string, userId: string) =>
    [...roomsKeys.all, roomId, 'notifications', userId] as const,
};

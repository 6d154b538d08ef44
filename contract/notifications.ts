/** Notification levels per person per room (issue 35): what reaches them, open app or closed. */
import { z } from 'zod';

export const NOTIFICATION_LEVELS = ['all', 'mentions', 'off'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** Rooms of up to this many members notify on every message unless a person chose otherwise. */
export const NOTIFY_ALL_MAX_MEMBERS = 10;

/**
 * A person's level in a room: the one they chose, else 'all' in a small room and 'mentions'
 * (mentions of them and replies to them) in a bigger one, where every message would be noise.
 */
export function effectiveNotificationLevel(
  chosen: string | null | undefined,
  memberCount: number,
): NotificationLevel {
  if (chosen && (NOTIFICATION_LEVELS as readonly string[]).includes(chosen)) {
    return chosen as NotificationLevel;
  }
  return memberCount <= NOTIFY_ALL_MAX_MEMBERS ? 'all' : 'mentions';
}

const LEVEL_ERROR = "level must be 'all', 'mentions' or 'off'";

/**
 * `PUT /api/rooms/:roomId/notifications`. A JSON body that is no object (`[]`, `null`, `"off"`)
 * gets the same words as a bad level, not the parser's 'expected object, received array'.
 */
export const notificationLevelBody = z.object(
  { level: z.enum(NOTIFICATION_LEVELS, { error: LEVEL_ERROR }) },
  { error: LEVEL_ERROR },
);
export type NotificationLevelRequest = z.infer<typeof notificationLevelBody>;
/** Its 200: the level now in force for the caller in that room. */
export interface NotificationLevelResponse {
  level: NotificationLevel;
}

/**
 * `GET /api/rooms/:roomId/notifications`, for a room beyond the room list's 200: the level in
 * force and whether the person chose it (false while the room's size decides), as the list
 * gives them for its rooms (`notificationLevel`, `notificationLevelChosen`).
 */
export interface RoomNotificationLevelResponse extends NotificationLevelResponse {
  chosen: boolean;
}

/** The menu's words for each level. */
export const notificationLevelLabels: Record<NotificationLevel, string> = {
  all: 'All messages',
  mentions: 'Mentions and replies',
  off: 'Off',
};

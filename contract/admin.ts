/** The admin calls (spec points 6 and 7). */
import { z } from 'zod';
import { stripInvisibleInText } from './invisible-characters';
import { pagedListFields } from './validation';
import type { MessageType } from './realtime';
import type { JoinResponse } from './rooms';

export const BROADCAST_MAX_LENGTH = 2000;

/**
 * The form's three types, by wire name; the labels are accepted too. A Map, not an object
 * literal: an object would also answer the names every object inherits, so 'constructor' and
 * '__proto__' passed as types and reached the rooms (or D1) as a function and an object.
 */
const BROADCAST_TYPES = new Map<string, MessageType>([
  ['system-simple', 'system-simple'],
  ['system simple', 'system-simple'],
  ['system-fancy', 'system-fancy'],
  ['system fancy', 'system-fancy'],
  ['user', 'user'],
  ['as user', 'user'],
  ['as-user', 'user'],
]);

export const broadcastBody = z.object({
  roomId: z
    .string({ error: 'Choose a room or all rooms' })
    .trim()
    .min(1, 'Choose a room or all rooms'),
  message: z
    .string({ error: 'Please enter a message to broadcast' })
    .overwrite(stripInvisibleInText)
    .trim()
    .min(1, 'Please enter a message to broadcast')
    .max(BROADCAST_MAX_LENGTH, `Broadcast cannot exceed ${BROADCAST_MAX_LENGTH} characters`),
  messageType: z
    .string()
    .optional()
    .transform((type) =>
      type === undefined ? 'system-simple' : BROADCAST_TYPES.get(type.trim().toLowerCase()),
    )
    .refine((type): type is MessageType => type !== undefined, {
      message: "messageType must be 'system-simple', 'system-fancy' or 'user'",
    }),
});

/** POST /api/admin/broadcast: 'all' or one room's id, the text and its type. */
export type BroadcastRequest = z.output<typeof broadcastBody>;

/** GET /api/admin/users and /api/admin/rooms: a search, a page size and where to go on from. */
export const ADMIN_PAGE_DEFAULT = 25;
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
const LIMIT_ERROR = `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`;

export const adminListQuery = z.object({
  ...pagedListFields(ADMIN_SEARCH_MAX_LENGTH),
  // Digits only: a number coerced from '1e2', '0x10' or ' 5' was taken as 100, 16 and 5.
  // An empty `limit=` is the default, as no limit is.
  limit: z
    .string({ error: LIMIT_ERROR })
    .regex(/^\d{0,3}$/, LIMIT_ERROR)
    .transform((digits) => (digits === '' ? undefined : Number(digits)))
    .pipe(z.number().min(1, LIMIT_ERROR).max(ADMIN_PAGE_MAX, LIMIT_ERROR).optional())
    .optional(),
});

export type AdminListQuery = z.input<typeof adminListQuery>;

export const unblockBody = z.object({
  ip: z.string({ error: 'ip is required' }).trim().min(1, 'ip is required').max(64),
});

export interface AdminStats {
  users: number;
  rooms: number;
  messages: number;
}

/** POST /api/admin/join/:roomId: the moderator nickname the server chose, e.g. 'Mod🐸 ada'. */
export type AdminJoinResponse = JoinResponse;

export interface AdminUser {
  id: string;
  _id: string;
  email: string;
  /** Whether the person proved the address is theirs (a mailed link). Always sent. */
  emailVerified?: boolean;
  role: 'user' | 'admin';
  nickname: string;
  createdAt: number;
}

export interface AdminRoom {
  _id: string;
  roomId: string;
  name: string;
  createdBy: { id: string; _id: string; email: string } | null;
  createdAt: number;
}

/**
 * One page of a newest-first list. `nextCursor` is opaque (the last row's position), null on
 * the last page; `total` counts every row that matches the search, not just this page.
 */
export interface AdminPage {
  nextCursor: string | null;
  total: number;
}

export interface AdminUsersPage extends AdminPage {
  users: AdminUser[];
}

export interface AdminRoomsPage extends AdminPage {
  rooms: AdminRoom[];
}

/** POST /api/admin/broadcast to one room: delivered before the answer (200). */
export interface BroadcastSent {
  success: true;
  message: string;
  rooms: number;
}

/** POST /api/admin/broadcast to 'all': accepted (202), delivered by the queue. */
export interface BroadcastQueued {
  success: true;
  message: string;
  broadcastId: string;
  /** How many rooms there were when it was sent. */
  rooms: number;
}

/**
 * GET /api/admin/broadcasts/:broadcastId. `total` is final once `done`; until then rooms
 * deleted meanwhile may still lower it. Every room ends up delivered or failed.
 */
export interface BroadcastStatus {
  broadcastId: string;
  total: number;
  delivered: number;
  failed: number;
  done: boolean;
}

/**
 * One line of the log. A line may stand for many events of one address and kind in one hour
 * (refusals of callers without a session, a blocked address's requests, what an address sent
 * past its hourly bound): `count` says how many, `timestamp` is the newest and
 * `firstTimestamp` the first of them. `details` are the first's.
 */
export interface SecurityEvent {
  id: number;
  eventType: string;
  timestamp: string;
  details: Record<string, unknown>;
  count: number;
  firstTimestamp?: string;
}

/** GET /api/admin/security/logs: the newest first (by each line's newest event). */
export interface SecurityLogResponse {
  events: SecurityEvent[];
}

/** Events in the last `hours`, a counted line's events each (by the line's first event). */
export interface SecuritySummary {
  hours: number;
  total: number;
  /**
   * Of `total`, the violations (what scores an address, and an address's events past its
   * hourly bound), without the audit trail: the '24h Violations' tile.
   */
  violations: number;
  byType: Record<string, number>;
}

/** GET /api/admin/security/summary */
export interface SecuritySummaryResponse {
  summary: SecuritySummary;
}

export interface IpViolation {
  ip: string;
  threatScore: number;
  violationCount: number;
  lastSeen: string;
  status: 'ok' | 'watchlist' | 'blocked';
}

export interface IpStats {
  blockedCount: number;
  watchlistCount: number;
  recentViolations: IpViolation[];
}

/**
 * The one drizzle schema of the D1 database. `npm run db:generate` turns changes here into a
 * new SQL file in migrations/, which wrangler applies (locally, in tests and on deploy).
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Milliseconds since the epoch, like Date.now(), so rows made in one second still sort. */
const nowMs = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;
const createdAt = () => integer('created_at').notNull().default(nowMs);

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  /** Stored trimmed and lower-cased; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  passwordSalt: text('password_salt').notNull(),
  /** Stored beside the hash so the count can be raised later without breaking old hashes. */
  passwordIterations: integer('password_iterations').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  nickname: text('nickname').notNull(),
  activeNickname: text('active_nickname'),
  roomId: text('room_id'),
  createdAt: createdAt(),
});

/** One row per signed-in browser; deleting it revokes that session's cookie at once. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    /** When this session last proved the password (login or settings verify). */
    passwordVerifiedAt: integer('password_verified_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Only the SHA-256 of a reset token is stored, so a leaked table cannot reset passwords. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

export const rooms = sqliteTable('rooms', {
  roomId: text('room_id').primaryKey(),
  name: text('name').notNull(),
  /** Null once the creator deleted their account: the room stays. */
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  lastMessageHtml: text('last_message_html'),
  lastMessageAt: integer('last_message_at'),
  messageCount: integer('message_count').notNull().default(0),
  createdAt: createdAt(),
});

export const memberships = sqliteTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    /** Lower-cased nickname: unique per room so 'Bob' and 'bob' cannot both be there. */
    nicknameKey: text('nickname_key').notNull(),
    joinedAt: integer('joined_at').notNull().default(nowMs),
  },
  (table) => [
    uniqueIndex('memberships_room_user_idx').on(table.roomId, table.userId),
    uniqueIndex('memberships_room_nickname_idx').on(table.roomId, table.nicknameKey),
    index('memberships_user_idx').on(table.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

/** The audit trail and security log: what happened, from which address, to whom. */
export const securityEvents = sqliteTable(
  'security_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventType: text('event_type').notNull(),
    ip: text('ip').notNull(),
    userId: text('user_id'),
    /** JSON object: what happened, in a few fields. */
    details: text('details').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('security_events_created_idx').on(table.createdAt),
    index('security_events_type_idx').on(table.eventType, table.createdAt),
  ],
);

/** Each address's threat score. It halves every hour; see worker/security/ip-reputation.ts. */
export const ipReputation = sqliteTable(
  'ip_reputation',
  {
    ip: text('ip').primaryKey(),
    threatScore: real('threat_score').notNull(),
    /** When threat_score was last computed; decay is applied from here on read. */
    scoredAt: integer('scored_at').notNull(),
    violationCount: integer('violation_count').notNull(),
    lastSeen: integer('last_seen').notNull(),
    blockedUntil: integer('blocked_until'),
  },
  (table) => [index('ip_reputation_last_seen_idx').on(table.lastSeen)],
);

/** One row per counted attempt; a limit counts the rows of its key inside its window. */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: integer('at').notNull(),
  },
  (table) => [index('rate_limit_hits_key_idx').on(table.key, table.at)],
);

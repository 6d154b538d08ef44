/**
 * The one drizzle schema of the D1 database. `npm run db:generate` turns changes here into a
 * new SQL file in migrations/, which wrangler applies (locally, in tests and on deploy).
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

/**
 * Milliseconds since the epoch, like Date.now(), so rows made in one second still sort. D1's
 * clock: also for rows written by INSERT … SELECT, which takes no column defaults.
 */
export const nowMs = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;
const createdAt = () => integer('created_at').notNull().default(nowMs);

export const users = sqliteTable(
  'users',
  {
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
    /** When the owner opened a link mailed to `email`; null while nobody has (email-verification/). */
    emailVerifiedAt: integer('email_verified_at'),
    /**
     * 'Share when I have read messages': off, the rooms neither show others how far this person
     * has read nor show them anyone's (worker/chat/upgrade/forwarded.ts).
     */
    shareReads: integer('share_reads', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  // The admin table pages newest first by (created_at, id).
  (table) => [index('users_created_idx').on(table.createdAt, table.id)],
);

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

/**
 * Links mailed to prove an address (docs/email-verification.md), stored as the token's SHA-256:
 * 'verify' proves the account's current email, 'change' moves the account to `email`.
 */
export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind', { enum: ['verify', 'change'] }).notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('email_verifications_user_idx').on(table.userId),
    index('email_verifications_expires_idx').on(table.expiresAt),
  ],
);

/**
 * A sign-up with an address an unverified account holds: the account is made, with the id
 * already answered, only once the link mailed to the address is opened.
 */
export const pendingSignups = sqliteTable(
  'pending_signups',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordSalt: text('password_salt').notNull(),
    passwordIterations: integer('password_iterations').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('pending_signups_email_idx').on(table.email, table.createdAt),
    index('pending_signups_expires_idx').on(table.expiresAt),
  ],
);

export const rooms = sqliteTable(
  'rooms',
  {
    roomId: text('room_id').primaryKey(),
    name: text('name').notNull(),
    /**
     * The name as the admin search compares it (lib/search-text.ts): SQLite's lower() folds only
     * ASCII letters. Null only if written by older code; the search then folds `name` itself.
     */
    searchName: text('search_name'),
    /** Null once the creator deleted their account: the room stays. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastMessageHtml: text('last_message_html'),
    lastMessageAt: integer('last_message_at'),
    messageCount: integer('message_count').notNull().default(0),
    /**
     * The newest message's id as of the room's last summary flush (ids increase per room):
     * a member's unread count is this minus their read position.
     */
    lastMessageId: integer('last_message_id').notNull().default(0),
    /**
     * The room's standing invite code (worker/invites/): once set, a newcomer needs a link that
     * carries it, or a live code of `room_invites`. Null: the room id alone admits, as links
     * shared before invites could be reset do.
     */
    inviteCode: text('invite_code'),
    createdAt: createdAt(),
    /**
     * A private conversation of two (worker/direct/): the members' user ids, sorted, joined by
     * ':'. Unique, so one pair has one room; null for every ordinary room.
     */
    directPair: text('direct_pair'),
  },
  (table) => [
    index('rooms_created_idx').on(table.createdAt, table.roomId),
    uniqueIndex('rooms_direct_pair_idx').on(table.directPair),
  ],
);

/** Invite links that expire or run out, made by a room's owner when sharing. */
export const roomInvites = sqliteTable(
  'room_invites',
  {
    code: text('code').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Null: until the room's invites are reset. */
    expiresAt: integer('expires_at'),
    /** Null: any number of newcomers. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('room_invites_room_idx').on(table.roomId)],
);

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
    /**
     * The nickname as it reads (worker/rooms/nickname-look.ts): unique per room, so 'AIice'
     * cannot join beside 'Alice'. Null for members who already looked alike when it came.
     */
    nicknameLook: text('nickname_look'),
    joinedAt: integer('joined_at').notNull().default(nowMs),
    /**
     * The newest message id the member has seen (or sent), flushed by the room in batches
     * (worker/chat/messages/read-positions.ts). A new member starts at the room's newest message.
     */
    lastReadId: integer('last_read_id').notNull().default(0),
    /**
     * The newest message id in the room that mentions this member, written by the room's
     * summary flush; a mention is unread while it is past `lastReadId`.
     */
    lastMentionId: integer('last_mention_id').notNull().default(0),
    /**
     * 'all', 'mentions' or 'off' as the member chose; null until they do, when the room's size
     * decides (contract/notifications.ts).
     */
    notificationLevel: text('notification_level'),
  },
  (table) => [
    uniqueIndex('memberships_room_user_idx').on(table.roomId, table.userId),
    uniqueIndex('memberships_room_nickname_idx').on(table.roomId, table.nicknameKey),
    uniqueIndex('memberships_room_look_idx').on(table.roomId, table.nicknameLook),
    index('memberships_user_idx').on(table.userId),
    // The member lists page in join order (worker/rooms/member-lists.ts): joined_at ties, so
    // the id breaks them, and each page is a range of this index.
    index('memberships_room_joined_idx').on(table.roomId, table.joinedAt, table.id),
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
    /** How many events the row stands for: more than one only for a bucket's row. */
    count: integer('count').notNull().default(1),
    /** The newest of them (null only in rows written by hand); the Security tab lists by it. */
    lastAt: integer('last_at'),
    /**
     * One row per address, kind and hour for refusals of callers without a session (see
     * worker/security/event-rows.ts); null for an event written as its own row.
     */
    bucket: text('bucket'),
    /**
     * An IPv6 address's /48 (its `ip` is a /64), null for IPv4: the rows a network adds in an
     * hour are bounded too, or its holder would write each /64's allowance (event-rows.ts).
     */
    net: text('net'),
  },
  (table) => [
    index('security_events_created_idx').on(table.createdAt),
    index('security_events_type_idx').on(table.eventType, table.createdAt),
    uniqueIndex('security_events_bucket_idx').on(table.bucket),
    index('security_events_ip_idx').on(table.ip, table.createdAt),
    index('security_events_last_idx').on(table.lastAt),
    index('security_events_net_idx').on(table.net, table.createdAt),
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
  (table) => [
    index('ip_reputation_last_seen_idx').on(table.lastSeen),
    // The Security tab counts the blocked and the watched from these, not the whole table.
    index('ip_reputation_blocked_idx').on(table.blockedUntil),
    index('ip_reputation_score_idx').on(table.threatScore),
  ],
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

/**
 * Who was removed from a room and may not come back until an owner or admin lifts it. The room
 * object keeps its own copy too (it is the authority for sockets); this one answers the API.
 */
export const roomBans = sqliteTable(
  'room_bans',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The nickname they had in the room, so the list can name them. */
    nickname: text('nickname').notNull(),
    bannedBy: text('banned_by'),
    bannedAt: integer('banned_at').notNull().default(nowMs),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.userId] }),
    // The Removed list pages newest first by (banned_at, user_id) from a cursor: each page a
    // range of this index rather than a sort of every ban of the room (rooms/room-bans.ts).
    index('room_bans_room_banned_idx').on(table.roomId, table.bannedAt, table.userId),
  ],
);

/**
 * Addresses an account has signed in from successfully. The per-account failure limit only
 * applies to other addresses, so a stranger's guesses cannot lock the owner out.
 */
export const loginAddresses = sqliteTable(
  'login_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSuccessAt: integer('last_success_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.ip] }),
    index('login_addresses_seen_idx').on(table.lastSuccessAt),
  ],
);

/**
 * Which rooms have had sockets from which address lately, so a block can close that address's
 * open sockets in every room at once. Written by the socket upgrade in the same round trip as
 * its checks; a stale row costs only a needless call to a room.
 */
export const socketAddresses = sqliteTable(
  'socket_addresses',
  {
    ip: text('ip').notNull(),
    roomId: text('room_id').notNull(),
    seenAt: integer('seen_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ip, table.roomId] }),
    index('socket_addresses_seen_idx').on(table.seenAt),
  ],
);

/**
 * Running totals for the admin stats ('users', 'rooms', 'messages'), changed in the same D1
 * batch as the write they count, so the dashboard never scans (and pays for) whole tables.
 * The migration that made this table seeded it from the tables.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * A broadcast to every room, delivered through the 'broadcasts' queue (worker/queues/). The
 * rooms are split into ranges of their rowids; `partsPending` counts the ranges not yet read,
 * and once it reaches 0, `queued` is the exact number of rooms the broadcast was sent to.
 */
export const broadcasts = sqliteTable('broadcasts', {
  id: text('id').primaryKey(),
  adminId: text('admin_id'),
  messageType: text('message_type').notNull(),
  /** The rendered, safe HTML every room receives. */
  html: text('html').notNull(),
  /** The rooms there were when it was sent; replaced by `queued` once every range was read. */
  total: integer('total').notNull(),
  queued: integer('queued').notNull().default(0),
  partsPending: integer('parts_pending').notNull(),
  delivered: integer('delivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The queue steps of a broadcast already counted. Queues deliver at least once, so each step
 * records itself here in the same batch as its counter update, and a repeated step counts once.
 */
export const broadcastSteps = sqliteTable(
  'broadcast_steps',
  {
    broadcastId: text('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
  },
  (table) => [primaryKey({ columns: [table.broadcastId, table.step] })],
);

/**
 * Deleted rooms whose files' objects may still be in R2: written in the batch that deletes the
 * room (only if there was a room), removed once nothing is left under its prefix. The hourly
 * clean-up finishes what a deletion could not (an R2 error, a worker stopped halfway, a room of
 * more objects than one request lists), so no deleted room's files stay in the bucket for good.
 */
export const roomFileRemovals = sqliteTable('room_file_removals', {
  roomId: text('room_id').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Files shared in rooms (worker/files/); the bytes are in R2 at `rooms/<room_id>/<id>`. The
 * room object writes `message_id` once a message carries the file (with its summary flush); an
 * upload never sent is removed by the hourly clean-up. The uploader's rows are counted for the
 * daily quota, and removed with the account (their objects first).
 */
export const files = sqliteTable(
  'files',
  {
    /** Random, unguessable: the file's url is /api/files/<id>. */
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId, { onDelete: 'cascade' }),
    /**
     * The account's deletion removes its files before the account; null only for an upload
     * that raced it, which the clean-up then removes as never sent.
     */
    uploaderId: text('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    /** Sniffed from the bytes (worker/files/sniff-type.ts), never the browser's claim. */
    type: text('type').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
    messageId: integer('message_id'),
  },
  (table) => [
    index('files_uploader_idx').on(table.uploaderId, table.createdAt),
    index('files_unsent_idx').on(table.messageId, table.createdAt),
    index('files_room_idx').on(table.roomId),
  ],
);

export type FileRow = typeof files.$inferSelect;

/**
 * Each upload, counted for the uploader's quota (worker/files/upload-quota.ts) whatever becomes
 * of its file: deleting a message, its room or the file frees no place, or an upload, send and
 * delete loop would store without end. Rows older than a day count for nothing and are pruned.
 */
export const uploadsCounted = sqliteTable(
  'uploads_counted',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The file's id: the file's row is written only beside this one (in the same batch). */
    fileId: text('file_id').notNull(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('uploads_counted_uploader_idx').on(table.uploaderId, table.createdAt),
    uniqueIndex('uploads_counted_file_idx').on(table.fileId),
  ],
);

/**
 * Web Push subscriptions (worker/push/, docs/push.md): one per browser that allowed
 * notifications, at most PUSH_SUBSCRIPTIONS_MAX per account. `p256dh` and `auth` are the
 * browser's keys (base64url) each push is encrypted to; the endpoint is unique, so a browser
 * posting its subscription again updates its row.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Blocks between people (worker/direct/): while one exists in either direction, neither can
 * open a private conversation with the other. `blockedNickname` is the name the blocker knew
 * the other by in their conversation, so the list they unblock from can name them.
 */
export const userBlocks = sqliteTable(
  'user_blocks',
  {
    /** Random: the list and the unblock name a block by it, never by the other's user id. */
    id: text('id').primaryKey(),
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedNickname: text('blocked_nickname').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_blocks_pair_idx').on(table.blockerId, table.blockedId),
    index('user_blocks_blocked_idx').on(table.blockedId),
  ],
);

/**
 * The security log. Violations (failed logins, refused access, floods, hostile payloads) can
 * also raise the address's threat score, when the request proves something about that address
 * (guards.ts decides); other events (admin actions, resets) are the audit trail.
 *
 * What a caller can provoke is bounded per address (event-rows.ts), and what guards.ts marks
 * `counted` is one row per address, kind and hour with a count: no flood drowns the log.
 */
import { bucketOf, writeBoundedEvent, writeEvent, type EventRow } from './event-rows';
import { addViolation } from './ip-reputation';

/** How much each kind of violation adds to an address's threat score. */
const VIOLATION_WEIGHTS = {
  login_failed: 1,
  invalid_session: 1,
  access_denied: 2,
  socket_refused: 1,
  malformed_payload: 2,
  rate_limited: 3,
} as const;

export type ViolationType = keyof typeof VIOLATION_WEIGHTS;
export type AuditType =
  | 'blocked_request'
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'account_deleted'
  | 'admin_broadcast'
  | 'admin_room_deleted'
  /** An owner deleted their room (rooms/room-settings-routes.ts). */
  | 'room_deleted'
  /** A room renamed by its owner or an administrator (rooms/room-settings-routes.ts). */
  | 'room_renamed'
  /** A room handed to another member (rooms/hand-over-room.ts). */
  | 'room_owner_changed'
  | 'admin_user_deleted'
  | 'admin_join'
  | 'member_kicked'
  | 'member_unbanned'
  | 'email_changed'
  | 'ip_blocked'
  | 'ip_unblocked'
  /** An address's events past its hourly bound, counted on one row (event-rows.ts). */
  | 'log_overflow';
export type SecurityEventType = ViolationType | AuditType;

export interface SecurityEventInput {
  eventType: SecurityEventType;
  ip: string;
  userId?: string | null;
  details?: Record<string, unknown>;
}

export function violationWeight(eventType: SecurityEventType): number {
  return VIOLATION_WEIGHTS[eventType as ViolationType] ?? 0;
}

/**
 * Whether a line of the log stands for violations, for the Security tab's '24h Violations': the
 * kinds that score, and an address's events past its hourly bound (a flood, event-rows.ts). The
 * audit trail (an administrator's broadcasts, joins and deletions, resets, email changes) is
 * not: it counted there, so an administrator's own work read as attacks.
 */
export function isViolationLine(eventType: string): boolean {
  return eventType === 'log_overflow' || Object.hasOwn(VIOLATION_WEIGHTS, eventType);
}

/**
 * Which audit lines the address's hourly bound holds to (event-rows.ts): what a signed-in
 * person, or anyone, can cause at will, as fast as requests go. Each would be a row, pushing
 * everything else off the Security tab: an owner kicks, unbans and lets back in an account of
 * their own, renames or hands over a room, creates and deletes rooms; anyone registers and
 * deletes accounts, changes an email or resets a password of their own. Only what
 * administrators alone cause (and a block, which violations start) is never held to it. A new
 * kind must say which it is here.
 */
const AUDIT_BOUND: Record<AuditType, 'provoked' | 'administrators'> = {
  blocked_request: 'provoked',
  password_reset_requested: 'provoked',
  password_reset_completed: 'provoked',
  account_deleted: 'provoked',
  room_deleted: 'provoked',
  room_renamed: 'provoked',
  room_owner_changed: 'provoked',
  member_kicked: 'provoked',
  member_unbanned: 'provoked',
  email_changed: 'provoked',
  admin_broadcast: 'administrators',
  admin_room_deleted: 'administrators',
  admin_user_deleted: 'administrators',
  admin_join: 'administrators',
  ip_blocked: 'administrators',
  ip_unblocked: 'administrators',
  log_overflow: 'administrators',
};

/**
 * Whether the event is held to its address's (and /48's) hourly bound: every violation, and
 * every audit line a caller can provoke unless an administrator caused it. An administrator's
 * rename or hand-over is their audit trail, which a neighbour on their address must not push
 * into an overflow count.
 */
function heldToBound(eventType: SecurityEventType, byAdministrator: boolean): boolean {
  if (violationWeight(eventType)) return true;
  return !byAdministrator && AUDIT_BOUND[eventType as AuditType] === 'provoked';
}

export interface RecordOptions {
  /** What the event adds to the address's score: the kind's weight unless given. */
  weight?: number;
  /** Counted on the row of its address, kind and hour (and `part`) instead of a row of its own. */
  counted?: boolean | { part: string };
  /** A signed-in administrator caused it: an audit line of theirs is never held to the bound. */
  byAdministrator?: boolean;
}

/** What the log decided: whether this event started a block of its address. */
export interface SecurityDecision {
  blocked: boolean;
}

const NOTHING: SecurityDecision = { blocked: false };
const BLOCKED: SecurityDecision = { blocked: true };

/**
 * Logs an event and adds `weight` to the address's score; answers whether that started a
 * block. The caller acts on a block (the address's open sockets end: close-sockets.ts).
 */
export async function recordSecurityEvent(
  env: Env,
  event: SecurityEventInput,
  {
    weight = violationWeight(event.eventType),
    counted = false,
    byAdministrator = false,
  }: RecordOptions = {},
): Promise<SecurityDecision> {
  const db = env.DB;
  try {
    const now = Date.now();
    const row = toRow(event);
    const part = typeof counted === 'object' ? counted.part : '';
    const bucket = counted ? bucketOf(event.eventType, event.ip, now, part) : null;
    if (heldToBound(event.eventType, byAdministrator)) {
      await writeBoundedEvent(db, row, bucket, now);
    } else {
      await writeEvent(db, row, bucket, now);
    }
    // Scored even past the bound: a row less never means a step less towards a block.
    if (weight && (await addViolation(db, event.ip, weight))) {
      await writeEvent(
        db,
        toRow({ eventType: 'ip_blocked', ip: event.ip, details: { after: event.eventType } }),
      );
      return BLOCKED;
    }
  } catch (error) {
    // The log must never turn a refusal into a 500.
    console.error('[security] could not record an event:', error);
  }
  return NOTHING;
}

function toRow(event: SecurityEventInput): EventRow {
  return {
    eventType: event.eventType,
    ip: event.ip,
    userId: event.userId ?? null,
    details: JSON.stringify({
      ip: event.ip,
      userId: event.userId ?? null,
      ...bounded(event.details),
    }),
  };
}

/**
 * Control and format characters and line separators, but for the joiners (U+200C, U+200D) that
 * emoji and some scripts are written with. The Security tab shows details as JSON, which escapes
 * only the C0 controls: a bidirectional override in a caller's room id would read backwards
 * there, and a line separator would start what looks like another field of the event.
 */
const UNSEEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Each unseen character as a mark the admin can read, e.g. <U+202E>. */
function shown(text: string) {
  return text.replace(
    UNSEEN,
    (char) => `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}

/**
 * Long strings are cut, so a hostile payload cannot make one row large, and what a caller may
 * have written shows as it is (see UNSEEN).
 */
function bounded(details: Record<string, unknown> = {}) {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      // Cut before the marks too: their work is then bounded whatever the caller sent.
      typeof value === 'string' ? shown(value.slice(0, 300)).slice(0, 300) : value,
    ]),
  );
}

/**
 * The security log. Violations (failed logins, refused access, floods, hostile payloads) can
 * also raise the address's threat score, when the request proves something about that address
 * (guards.ts decides); other events (admin actions, resets) are the audit trail.
 */
import { closeAddressSockets } from '../chat/close-sockets';
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
  | 'admin_user_deleted'
  | 'admin_join'
  | 'member_kicked'
  | 'member_unbanned'
  | 'email_changed'
  | 'ip_blocked'
  | 'ip_unblocked';
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
 * Logs an event and, when `scores` (the default) and it is a violation, adds its weight to the
 * address's score. The block a violation starts also ends the address's open sockets.
 */
export async function recordSecurityEvent(
  env: Env,
  event: SecurityEventInput,
  { scores = true }: { scores?: boolean } = {},
) {
  const db = env.DB;
  try {
    await insertEvent(db, event);
    const weight = scores ? violationWeight(event.eventType) : 0;
    if (weight && (await addViolation(db, event.ip, weight))) {
      await insertEvent(db, {
        eventType: 'ip_blocked',
        ip: event.ip,
        details: { after: event.eventType },
      });
      await closeAddressSockets(env, event.ip, 'Your network has been blocked');
    }
  } catch (error) {
    // The log must never turn a refusal into a 500.
    console.error('[security] could not record an event:', error);
  }
}

function insertEvent(db: D1Database, event: SecurityEventInput) {
  const details = JSON.stringify({
    ip: event.ip,
    userId: event.userId ?? null,
    ...bounded(event.details),
  });
  return db
    .prepare(
      'INSERT INTO security_events (event_type, ip, user_id, details, created_at) VALUES (?, ?, ?, ?, ?)',
    )
    .bind(event.eventType, event.ip, event.userId ?? null, details, Date.now())
    .run();
}

/** Long strings are cut, so a hostile payload cannot make one row large. */
function bounded(details: Record<string, unknown> = {}) {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, 300) : value,
    ]),
  );
}

/** Hono glue for the security pieces: rate limits, blocked addresses, event recording. */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { loadSession } from '../credentials/sessions';
import { ApiError } from '../http/api-error';
import { mayBeForeign } from '../http/same-origin';
import { closeAddressSockets, NETWORK_BLOCKED } from '../room-calls/close-sockets';
import { clientIp } from './client-ip';
import { blockedUntil } from './ip-reputation';
import { take, type Limit } from './rate-limit';
import {
  recordSecurityEvent,
  violationWeight,
  type RecordOptions,
  type SecurityEventInput,
  type SecurityEventType,
} from './security-events';
import { anonymousWeight, isCountedWhenAnonymous } from './anonymous-refusals';

/**
 * When an event may raise the address's score. A score blocks everyone behind the address, so
 * it needs proof that the address itself misbehaved: a request another site's page may have
 * made (an image tag makes one from every visitor) never scores. Without a live session only
 * what anonymous-refusals.ts can tell is the address's own scores, and what `score:
 * 'even-signed-out'` marks (failed passwords, a login flood); `score: 'never'` never does.
 * `signedIn` is for callers that looked the session up without setting `c.var.user`.
 */
export interface ScoreRule {
  signedIn?: boolean;
  score?: 'even-signed-out' | 'never';
}

/** Failed passwords are abuse whoever sends them; the login form is used signed out. */
const SCORES_SIGNED_OUT = new Set<SecurityEventType>(['login_failed']);

/**
 * Records an event without making the caller wait for it. A block it starts ends the address's
 * open sockets in every room.
 */
export function logSecurityEvent(
  c: Context<AppEnv>,
  event: Omit<SecurityEventInput, 'ip'>,
  rule: ScoreRule = {},
) {
  const ip = clientIp(c.req.raw);
  const write = howToRecord(c, event, rule)
    .catch((): RecordOptions => ({ weight: 0 }))
    .then((options) => recordSecurityEvent(c.env, { ip, ...event }, options))
    .then((decision) => {
      if (decision.blocked) return closeAddressSockets(c.env, ip, NETWORK_BLOCKED);
    });
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    // No execution context (a direct app.request in tests): the write still runs.
  }
}

async function howToRecord(
  c: Context<AppEnv>,
  event: Omit<SecurityEventInput, 'ip'>,
  rule: ScoreRule,
): Promise<RecordOptions> {
  const { eventType } = event;
  // A blocked address's requests are one row an hour, whoever sends them.
  if (eventType === 'blocked_request') return { weight: 0, counted: true };
  const weight = violationWeight(eventType);
  if (!weight) return { weight: 0, byAdministrator: c.get('user')?.role === 'admin' };
  // Only violations get here, so the lookup costs nothing on the ordinary path.
  const signedIn =
    rule.signedIn ?? (Boolean(c.get('user')) || (await loadSession(c).catch(() => null)) !== null);
  const counted = !signedIn && isCountedWhenAnonymous(eventType);
  const limit = event.details?.limit;
  const options = { counted: counted && typeof limit === 'string' ? { part: limit } : counted };
  if (rule.score === 'never' || mayBeForeign(c.req.raw)) return { ...options, weight: 0 };
  if (signedIn || rule.score === 'even-signed-out' || SCORES_SIGNED_OUT.has(eventType)) {
    return { ...options, weight };
  }
  return { ...options, weight: anonymousWeight(eventType, c.req.raw) };
}

export function tooManyRequests(c: Context<AppEnv>, retryAfter: number, message?: string): never {
  c.header('Retry-After', String(retryAfter));
  const minutes = Math.ceil(retryAfter / 60);
  const wait =
    retryAfter < 60
      ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  throw new ApiError(429, message ?? `Too many attempts. Please try again in ${wait}.`);
}

/**
 * Takes a slot of `limit` or answers 429 with Retry-After (and logs the hit). Whether the 429
 * scores follows `rule`: a limit on one account must not score whoever trips it, or guessing at
 * an account would get its owner's address blocked.
 */
export async function enforceLimit(
  c: Context<AppEnv>,
  limit: Limit,
  rule: ScoreRule = {},
): Promise<number> {
  const taken = await take(c.env.DB, limit);
  if ('hitId' in taken) return taken.hitId;
  logSecurityEvent(
    c,
    {
      eventType: 'rate_limited',
      userId: c.get('user')?.id,
      details: { limit: limit.name, path: new URL(c.req.url).pathname },
    },
    rule,
  );
  tooManyRequests(c, taken.retryAfter);
}

/**
 * A blocked address gets 429 on every call, except a signed-in administrator's: an attacker
 * sharing an address (a NAT, an office) must not lock the administrators out of the controls.
 */
export const refuseBlockedAddresses = createMiddleware<AppEnv>(async (c, next) => {
  const until = await blockedUntil(c.env.DB, clientIp(c.req.raw));
  if (until !== null) {
    const found = await loadSession(c);
    await refuseBlocked(c, until, found?.user.role);
  }
  await next();
});

/** Answers 429 to a blocked address (counted on one row an hour) unless it is an admin's. */
export async function refuseBlocked(c: Context<AppEnv>, until: number, role?: string) {
  if (role === 'admin') return;
  logSecurityEvent(c, {
    eventType: 'blocked_request',
    details: { path: new URL(c.req.url).pathname },
  });
  tooManyRequests(
    c,
    Math.ceil((until - Date.now()) / 1000),
    'Too many requests from your network. Please try again later.',
  );
}

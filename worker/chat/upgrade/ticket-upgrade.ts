/**
 * The upgrade's checks for a socket that brings a ticket, with no D1 call: the ticket's
 * signature, type, room and expiry (verify.ts), and the address's block from the isolate's
 * cache (block-cache.ts). The session, the membership and the ban are what the ticket says
 * they were when it was issued; the room object refuses a ticket that a later kick, logout or
 * deletion voided (ticket-voids.ts).
 *
 * A ticket is bound to the address it was issued to. One used from another address (a phone
 * that changed networks between asking and connecting, or a ticket leaked from a URL log) is
 * not refused but ignored: the upgrade is then checked by its session cookie, as one without a
 * ticket is, so the network change costs a D1 round trip and the leaked ticket is worth nothing
 * without the cookie. So is an expired ticket that comes with a session cookie: a client that
 * keeps its handshake query (a plain socket.io-client given a ticket once) would otherwise
 * never reconnect after the ticket's minute, though its cookie still lets it in.
 */
import type { Context } from 'hono';
import type { Refused } from '../../../contract/realtime';
import { TICKET_QUERY_PARAM } from '../../../contract/tickets';
import type { AppEnv } from '../../app-env';
import { sessionCookieValue } from '../../credentials/session-cookie';
import type { UpgradeFacts } from './upgrade-check';
import { clientIp } from '../../security/client-ip';
import { cachedBlockedUntil } from '../../tickets/block-cache';
import { verifyTicket } from '../../tickets/verify';

export interface TicketedFacts extends UpgradeFacts {
  /** Why the ticket is refused, or null when it is good. */
  refusal: Refused | null;
  issuedAt: number;
}

/**
 * The facts a ticket gives, or null when the cookie must decide (no ticket, another address,
 * an expired ticket with a cookie).
 */
export async function checkTicketUpgrade(
  c: Context<AppEnv>,
  roomId: string,
): Promise<TicketedFacts | null> {
  const ticket = c.req.query(TICKET_QUERY_PARAM);
  if (!ticket) return null;
  const ip = clientIp(c.req.raw);
  const check = await verifyTicket(c.env, ticket, roomId);
  if (check.ok && check.claims.ip !== ip) return null;
  if (!check.ok && check.refusal.code === 'ticket_expired' && sessionCookieValue(c)) return null;
  const blockedUntil = await cachedBlockedUntil(c.env.DB, ip, (work) => later(c, work));
  if (!check.ok) {
    return { blockedUntil, user: null, room: null, refusal: check.refusal, issuedAt: 0 };
  }
  const { claims } = check;
  return {
    blockedUntil,
    user: {
      id: claims.sub,
      role: claims.role,
      sessionId: claims.sid,
      // Tickets issued before the setting existed do not say: on, its default.
      shareReads: claims.reads !== false,
    },
    room: { name: claims.name, nickname: claims.nick, banned: false },
    refusal: null,
    issuedAt: claims.iat,
  };
}

function later(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a direct app.request in tests): the work still runs.
  }
}

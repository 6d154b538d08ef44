/**
 * Socket closes owed after an outage (close-sockets.ts): a logout, a password reset, an email
 * change, an account's deletion or an address block whose closeSockets call to one room still
 * failed after its retries goes to the 'room-calls' queue as a `closeSockets` room call
 * (owed-room-calls.ts). Its delivery may come minutes later, so the consumer checks it against
 * D1 first (queues/late-socket-closes.ts) and never closes a socket that is legitimate by then.
 */
import { z } from 'zod';
import { roomIdSchema } from '../../contract/rooms';
import type { SocketMatch } from './room-rpc';

const id = z.string().min(1).max(64);

/** Whose sockets: the forms close-sockets.ts sends, each exact (an extra key is refused). */
const owedMatchSchema = z.union([
  z.strictObject({ userId: id, sessionId: id }),
  z.strictObject({ userId: id, accountDeleted: z.literal(true) }),
  /** Every session of the account ended at this time (the worker's clock, ms). */
  z.strictObject({ userId: id, sessionsEndedAt: z.number().int().positive() }),
  /** clientIp()'s key: an IPv4 address, an IPv6 /64, or a raw value cut to 64 characters. */
  z.strictObject({ ip: z.string().min(1).max(64) }),
]);

export const owedSocketCloseSchema = z.object({
  kind: z.literal('closeSockets'),
  roomId: roomIdSchema,
  match: owedMatchSchema,
  /** What the sockets hear as they close (a fixed text of close-sockets.ts's callers). */
  reason: z.string().min(1).max(200),
});

export type OwedSocketMatch = z.infer<typeof owedMatchSchema>;
export type OwedSocketClose = z.infer<typeof owedSocketCloseSchema>;

/** The first attempt's match: the person's every socket, as before this queue existed. */
export function directMatch(match: OwedSocketMatch): SocketMatch {
  return 'sessionsEndedAt' in match ? { userId: match.userId } : match;
}

/** Issues a socket ticket to a signed-in member (ticket-route.ts decides who may have one). */
import { TICKET_TTL_MS, type TicketResponse } from '../../contract/tickets';
import { TICKET_TYPE, type TicketClaims } from './ticket-claims';
import { encodeTicket } from './ticket-codec';

export interface TicketSubject {
  userId: string;
  sessionId: string;
  role: 'user' | 'admin';
  roomId: string;
  roomName: string;
  nickname: string;
  ip: string;
  shareReads: boolean;
}

export async function signTicket(
  env: Pick<Env, 'JWT_SECRET'>,
  subject: TicketSubject,
  now = Date.now(),
): Promise<TicketResponse> {
  const claims: TicketClaims = {
    typ: TICKET_TYPE,
    sub: subject.userId,
    sid: subject.sessionId,
    role: subject.role,
    room: subject.roomId,
    name: subject.roomName,
    nick: subject.nickname,
    ip: subject.ip,
    reads: subject.shareReads,
    iat: now,
    exp: now + TICKET_TTL_MS,
  };
  return { ticket: await encodeTicket(env, claims), expiresAt: claims.exp };
}

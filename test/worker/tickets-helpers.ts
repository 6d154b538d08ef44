/**
 * Ticket helpers for the tickets*.test.ts files: ask for a ticket, and open a socket with one
 * (the raw TestSocket, with `ticket` in the handshake query and, unless asked, no cookie).
 */
import { SELF } from 'cloudflare:test';
import type { Refused } from '../../contract/realtime';
import { ORIGIN, type Client } from './support/api';
import { TestSocket } from './support/socket';

export async function ticketFor(client: Client, roomId: string): Promise<string> {
  const res = await client.call(`/rooms/${roomId}/ticket`, { method: 'POST' });
  if (res.status !== 200)
    throw new Error(`ticket refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.ticket as string;
}

interface TicketSocketOptions {
  /** The address the socket comes from (a ticket is bound to its issue's address). */
  ip: string;
  cookie?: string;
  origin?: string | null;
}

/** Opens with the ticket and sends CONNECT; answers the socket and the CONNECT(_ERROR) frame. */
export async function connectWithTicket(
  roomId: string,
  ticket: string,
  { ip, cookie, origin = ORIGIN }: TicketSocketOptions,
) {
  const headers: Record<string, string> = { Upgrade: 'websocket', 'CF-Connecting-IP': ip };
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  const url =
    `${ORIGIN}/socket.io/?EIO=4&transport=websocket&room=${encodeURIComponent(roomId)}` +
    `&ticket=${encodeURIComponent(ticket)}`;
  const response = await SELF.fetch(url, { headers });
  return connectOver(response);
}

/** The CONNECT over an upgrade's answer (also for answers from a direct app.fetch). */
export async function connectOver(response: Response) {
  if (!response.webSocket) throw new Error(`upgrade refused with ${response.status}`);
  response.webSocket.accept();
  // TestSocket's constructor is private to keep tests on its factories; this is one more.
  const socket = new (TestSocket as unknown as new (ws: WebSocket) => TestSocket)(
    response.webSocket,
  );
  await socket.waitFor((frame) => frame.startsWith('0{'));
  socket.send('40');
  const answer = await socket.waitFor((frame) => frame.startsWith('40') || frame.startsWith('44'));
  return { socket, answer };
}

/** The CONNECT_ERROR frame of a refusal: its words, and its code in the data. */
export const refusal = ({ error, code }: Refused) =>
  `44${JSON.stringify({ message: error, data: { code } })}`;

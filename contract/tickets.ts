/**
 * Socket tickets: the chat screen asks `POST /api/rooms/:roomId/ticket` for a short-lived signed
 * ticket and opens its socket with `?ticket=<ticket>`, so the worker can admit it without a
 * database round trip. A socket without a ticket is checked by its session cookie instead.
 */
import { z } from 'zod';

/** The handshake query parameter that carries the ticket. */
export const TICKET_QUERY_PARAM = 'ticket';
/** How long a ticket admits a socket: long enough for one connect, short enough to leak little. */
export const TICKET_TTL_MS = 60_000;

export const ticketResponseSchema = z.object({
  ticket: z.string().min(1).max(2048),
  /** Epoch milliseconds after which the worker refuses the ticket. */
  expiresAt: z.number(),
});
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

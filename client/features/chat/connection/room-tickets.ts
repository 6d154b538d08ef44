/**
 * Socket tickets for one room's socket (docs/realtime.md): before a connect the chat screen asks
 * the API for a short-lived signed ticket and puts it in the handshake query, so the worker
 * admits the socket without a database round trip. A ticket is reused for the reconnects of its
 * minute and dropped before it expires; without one (the call failed, or it lapsed) the socket
 * connects with its session cookie alone, as a plain socket.io-client does.
 */
import type { Socket } from 'socket.io-client';
import {
  TICKET_QUERY_PARAM,
  TICKET_TTL_MS,
  ticketResponseSchema,
} from '../../../../contract/tickets';
import { api } from '../../../lib/api-client';

/**
 * A ticket leaves the query this long before its minute is up, counted from when it was asked
 * for on this device's clock (never the server's expiresAt: the two clocks may differ), so no
 * attempt carries one the server would call expired.
 */
const DROP_BEFORE_EXPIRY_MS = 15_000;

export class RoomTickets {
  private dropTimer: ReturnType<typeof setTimeout> | undefined;
  private fetching: Promise<void> | null = null;
  private stopped = false;
  /** Until when the ticket in the query may be used (0: there is none). */
  private usableUntil = 0;

  constructor(
    private readonly socket: Socket,
    private readonly roomId: string,
  ) {}

  /** Has a usable ticket in the query, asking for one if needed; never rejects. */
  ensure(): Promise<void> {
    if (this.stopped || Date.now() < this.usableUntil) return Promise.resolve();
    this.fetching ??= this.fetchOne().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  get active(): boolean {
    return !this.stopped;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.dropTimer);
  }

  private async fetchOne() {
    const askedAt = Date.now();
    try {
      const answer = await api.post<unknown>(`/rooms/${encodeURIComponent(this.roomId)}/ticket`);
      const { ticket } = ticketResponseSchema.parse(answer);
      this.use(ticket, askedAt + TICKET_TTL_MS - DROP_BEFORE_EXPIRY_MS);
    } catch {
      // Refused (the worker gives the socket the same answer) or unreachable: the cookie path.
      this.use(null, 0);
    }
  }

  private use(ticket: string | null, until: number) {
    if (this.stopped) return;
    clearTimeout(this.dropTimer);
    this.usableUntil = until;
    // Read at every (re)connect: the Manager hands its options to each new Engine.IO socket.
    this.socket.io.opts.query = ticket
      ? { room: this.roomId, [TICKET_QUERY_PARAM]: ticket }
      : { room: this.roomId };
    if (ticket) this.dropTimer = setTimeout(() => this.use(null, 0), until - Date.now());
  }
}

import { MESSAGE_BURST, MESSAGES_PER_SECOND } from '../../../../contract/realtime';

/**
 * Paces the outbox's sends below the room's message limit. Messages typed while the connection
 * was down all go when it comes back, and the room refused everything past its burst of ten.
 * The pace keeps a margin under the room's own: the way to the room can bunch up messages the
 * client spaced out, and the room's limit is there for floods, not for this client.
 */
const PER_SECOND = MESSAGES_PER_SECOND - 1;
const BURST = MESSAGE_BURST - 2;

export class SendPacer {
  private tokens = BURST;
  private at: number;

  constructor(now = Date.now()) {
    this.at = now;
  }

  /** How many messages may go now. */
  available(now = Date.now()): number {
    this.refill(now);
    return Math.floor(this.tokens);
  }

  /** One message went. */
  spend(now = Date.now()) {
    this.refill(now);
    this.tokens -= 1;
  }

  /** Milliseconds until the next message may go (0: now). */
  nextIn(now = Date.now()): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / PER_SECOND) * 1000);
  }

  private refill(now: number) {
    this.tokens = Math.min(BURST, this.tokens + ((now - this.at) / 1000) * PER_SECOND);
    this.at = now;
  }
}

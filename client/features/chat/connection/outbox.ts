/**
 * Messages typed but not yet acknowledged. Each carries a clientId (a UUID) that the room keeps
 * with the message, so resending after a drop, a lost acknowledgement or a reconnect never
 * stores it twice. Entries leave on the room's answer: refused (the error), or stored (ok), and
 * then only once the stored message is in the list (the room answers before it broadcasts, so
 * the text never shows twice, nor vanishes for a moment in between).
 */
export interface PendingEntry {
  clientId: string;
  text: string;
  /** 'failed': the connection was given up; it is sent if one comes back. */
  status: 'sending' | 'failed';
  error?: string;
}

export type SendResult = { ok: true } | { ok: false; error: string };

/** A stored message whose broadcast has not come yet is gone from view after this at most. */
const LISTING_WAIT_MS = 10_000;

interface Waiting {
  entry: PendingEntry;
  settle: (result: SendResult) => void;
}

export class Outbox {
  private readonly waiting = new Map<string, Waiting>();
  /** Sent on the current connection, answer awaited. */
  private readonly inFlight = new Set<string>();
  /** Stored, shown until their message is listed: by message id. */
  private readonly unlisted = new Map<number, PendingEntry>();

  constructor(private readonly changed: (entries: PendingEntry[]) => void) {}

  add(text: string): { clientId: string; result: Promise<SendResult> } {
    const clientId = crypto.randomUUID();
    const result = new Promise<SendResult>((settle) => {
      this.waiting.set(clientId, { entry: { clientId, text, status: 'sending' }, settle });
    });
    this.publish();
    return { clientId, result };
  }

  /**
   * Up to `max` entries to send now, oldest first, marked in flight. Every entry not sent yet
   * shows as sending again: the connection is back, and the rest follow at the sender's pace.
   */
  takeUnsent(max = Number.POSITIVE_INFINITY): PendingEntry[] {
    const unsent = this.unsent();
    if (unsent.some((entry) => entry.status === 'failed')) {
      for (const entry of unsent) Object.assign(entry, { status: 'sending', error: undefined });
      this.publish();
    }
    const taken = unsent.slice(0, max);
    for (const entry of taken) this.inFlight.add(entry.clientId);
    return taken;
  }

  hasUnsent(): boolean {
    return this.unsent().length > 0;
  }

  private unsent(): PendingEntry[] {
    return [...this.waiting.values()]
      .map(({ entry }) => entry)
      .filter((entry) => !this.inFlight.has(entry.clientId));
  }

  /**
   * The room's answer. `unlistedId`: the stored message's id when it is not in the list yet;
   * the entry stays in view until `listed` names it.
   */
  settle(clientId: string, result: SendResult, unlistedId?: number) {
    const waiting = this.waiting.get(clientId);
    this.inFlight.delete(clientId);
    if (!waiting) return;
    this.waiting.delete(clientId);
    if (result.ok && unlistedId !== undefined) {
      this.unlisted.set(unlistedId, waiting.entry);
      setTimeout(() => this.listed([unlistedId]), LISTING_WAIT_MS);
    }
    waiting.settle(result);
    this.publish();
  }

  /** These messages are in the list now: their entries leave the view. */
  listed(ids: Iterable<number>) {
    let changed = false;
    for (const id of ids) changed = this.unlisted.delete(id) || changed;
    if (changed) this.publish();
  }

  /** No answer came (a timeout): the entry is sent again. */
  unanswered(clientId: string) {
    this.inFlight.delete(clientId);
  }

  /** A new connection: nothing is in flight on it yet. */
  reconnected() {
    this.inFlight.clear();
  }

  /** The connection was given up: entries show as failed, and wait for one to come back. */
  failAll(error: string) {
    this.inFlight.clear();
    for (const { entry } of this.waiting.values())
      Object.assign(entry, { status: 'failed', error });
    this.publish();
  }

  /** The room is gone (unmount, deletion): every waiting send is answered. */
  dropAll(error: string) {
    for (const clientId of [...this.waiting.keys()]) this.settle(clientId, { ok: false, error });
  }

  private publish() {
    const entries = [...this.unlisted.values(), ...[...this.waiting.values()].map((w) => w.entry)];
    this.changed(entries.map((entry) => ({ ...entry })));
  }
}

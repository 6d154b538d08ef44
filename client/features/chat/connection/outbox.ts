import type { UploadedFile } from '../../../../contract/files';
import type { RefusalCode } from '../../../../contract/realtime';
import { tabClaims, type OutboxClaims } from '../../../lib/outbox-claims';
import { STORED_MAX, type OutboxStorage, type StoredEntry } from '../../../lib/outbox-storage';

/**
 * Messages typed but not yet acknowledged. Each carries a clientId (a UUID) that the room keeps
 * with the message, so resending after a drop, a lost acknowledgement or a reconnect never
 * stores it twice. Entries leave on the room's answer: refused (the error), or stored (ok), and
 * then only once the stored message is in the list (the room answers before it broadcasts, so
 * the text never shows twice, nor vanishes for a moment in between). Once bound to the
 * browser's storage (`keepIn`), what waits outlives a reload: each entry is stored when typed,
 * removed on the room's answer, and taken back with `restore` on the next visit. Every tab of
 * the room reads that storage: each entry is its tab's alone (outbox-claims.ts).
 */
export interface PendingEntry {
  clientId: string;
  text: string;
  /** The id of the message it answers. */
  replyTo?: number;
  /** The files it carries (uploaded already; the text may then be empty). */
  files?: UploadedFile[];
  /** 'failed': the connection was given up; it is sent if one comes back. */
  status: 'sending' | 'failed';
  error?: string;
}

/** The room's answer to a send; a refusal's `code` tells the box what to make of its files. */
export type SendResult = { ok: true } | { ok: false; error: string; code?: RefusalCode };

/** A refused entry that nobody waits for, which the box takes back: the words and files. */
export interface ReturnedText {
  text: string;
  error: string;
  code?: RefusalCode;
  files?: UploadedFile[];
}

/** Why a send is refused at once while STORED_MAX texts wait already (the box keeps it). */
export const TOO_MANY_WAITING =
  `${STORED_MAX} messages are waiting to be sent already. ` + 'Send this one once they have gone.';

/** A stored message whose broadcast has not come yet is gone from view after this at most. */
const LISTING_WAIT_MS = 10_000;

interface Waiting {
  entry: PendingEntry;
  settle: (result: SendResult) => void;
}

/** An entry as typed: what it answers and the files it carries only when it has them. */
function pendingEntry(
  clientId: string,
  text: string,
  replyTo?: number,
  files?: readonly UploadedFile[],
): PendingEntry {
  const entry: PendingEntry = { clientId, text, status: 'sending' };
  if (replyTo !== undefined) entry.replyTo = replyTo;
  if (files?.length) entry.files = [...files];
  return entry;
}

export class Outbox {
  private readonly waiting = new Map<string, Waiting>();
  /** Sent on the current connection, answer awaited. */
  private readonly inFlight = new Set<string>();
  /** Stored, shown until their message is listed: by message id. */
  private readonly unlisted = new Map<number, PendingEntry>();
  private storage: OutboxStorage | null = null;
  private lastCreatedAt = 0;

  constructor(
    private readonly changed: (entries: PendingEntry[]) => void,
    /**
     * A refused entry that nobody waits for: one taken back from storage, whose sender went
     * with the page before. Its text goes back to the box all the same, never lost.
     */
    private readonly returned: (back: ReturnedText) => void = () => {},
    private readonly claims: OutboxClaims = tabClaims(),
  ) {}

  add(
    text: string,
    replyTo?: number,
    files?: readonly UploadedFile[],
  ): { clientId: string; result: Promise<SendResult> } {
    const clientId = crypto.randomUUID();
    // Bounded, in memory and in storage: a connection away for long enough is no reason to
    // grow without end (and storage gives back at most this many at a time).
    if (this.waiting.size >= STORED_MAX) {
      return { clientId, result: Promise.resolve({ ok: false, error: TOO_MANY_WAITING }) };
    }
    // Strictly increasing, so stored entries come back in the order they were typed.
    const createdAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    this.lastCreatedAt = createdAt;
    const entry = pendingEntry(clientId, text, replyTo, files);
    const result = new Promise<SendResult>((settle) => {
      this.waiting.set(clientId, { entry, settle });
    });
    if (this.storage) {
      // Stored, other tabs of the room see it: this one holds it, so they leave it alone.
      void this.claims.claim(clientId);
      this.storage.save({ clientId, text, replyTo, files: entry.files, createdAt });
    }
    this.publish();
    return { clientId, result };
  }

  /** From now on every entry typed is stored there until the room answers it. */
  keepIn(storage: OutboxStorage) {
    this.storage = storage;
  }

  /**
   * Takes back what `storage` kept from an earlier visit, before anything typed since, unless
   * the outbox has been bound elsewhere (or left) meanwhile. Only the entries no other open tab
   * holds come back: those are that tab's to send. True when something came back.
   */
  async restore(storage: OutboxStorage, stored: readonly StoredEntry[]): Promise<boolean> {
    if (this.storage !== storage) return false;
    const unknown = stored.filter(({ clientId }) => !this.knows(clientId));
    const claimed = await Promise.all(unknown.map(({ clientId }) => this.claims.claim(clientId)));
    const back = unknown.filter((_, i) => claimed[i]);
    if (this.storage !== storage) {
      for (const { clientId } of back) this.claims.release(clientId);
      return false;
    }
    if (back.length === 0) return false;
    const typedSince = [...this.waiting];
    this.waiting.clear();
    for (const { clientId, text, replyTo, files, createdAt } of back) {
      const entry = pendingEntry(clientId, text, replyTo, files);
      // Refused, it leaves storage for the box; left (storage unbound first), it stays stored
      // for the next visit and is not given back as well, so it is never in both.
      const settle = (result: SendResult) => {
        if (result.ok || !this.storage) return;
        const { error, code } = result;
        this.returned({
          text,
          error,
          ...(code && { code }),
          ...(entry.files && { files: entry.files }),
        });
      };
      this.waiting.set(clientId, { entry, settle });
      this.lastCreatedAt = Math.max(this.lastCreatedAt, createdAt);
    }
    for (const [clientId, waiting] of typedSince) this.waiting.set(clientId, waiting);
    this.publish();
    return true;
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

  /** Waiting here, or stored and shown until listed. */
  private knows(clientId: string): boolean {
    if (this.waiting.has(clientId)) return true;
    return [...this.unlisted.values()].some((entry) => entry.clientId === clientId);
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
    // Answered, or left: another tab (or this one's next visit) may take it if it is stored still.
    this.claims.release(clientId);
    // Answered for good (stored, or refused and handed back to the box): not sent again.
    this.storage?.remove(clientId);
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

  /** The room refused the person (deletion, a kick): every waiting send is answered. */
  dropAll(error: string) {
    for (const clientId of [...this.waiting.keys()]) this.settle(clientId, { ok: false, error });
  }

  /**
   * The screen leaves the room (unmount, sign-out): every waiting send is answered, but what
   * is stored stays there, to go on the room's next visit (sign-out clears it separately).
   */
  leave(error: string) {
    this.storage = null;
    this.dropAll(error);
  }

  private publish() {
    const entries = [...this.unlisted.values(), ...[...this.waiting.values()].map((w) => w.entry)];
    this.changed(entries.map((entry) => ({ ...entry })));
  }
}

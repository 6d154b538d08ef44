/**
 * The calls a room has acted on, by id, for calls that may arrive more than once. A queue
 * delivers a broadcast at least once: a consumer that fails after calling its rooms (its
 * progress write, say) retries the whole message, and each room would hear the broadcast again
 * (an 'As User' broadcast is a stored message, so the history would hold it twice). A hand-over's
 * call is retried when its answer is lost, though its first attempt may have landed. Repeats
 * come within minutes (a queue's retry) or a second (a call's), so the newest few ids are enough.
 * Kept in the object's storage: the repeat may reach an object restarted since the first.
 */
export class CallReceipts {
  constructor(
    private readonly kv: SyncKvStorage,
    /** The storage key of this kind of call's ids. */
    private readonly key: string,
    /** How many of the newest ids are kept. */
    private readonly kept: number,
  ) {}

  /** Notes `id` and answers true, the first time; false for a repeat. */
  take(id: string): boolean {
    const seen = this.kv.get<string[]>(this.key) ?? [];
    if (seen.includes(id)) return false;
    this.kv.put(this.key, [...seen.slice(-(this.kept - 1)), id]);
    return true;
  }

  /** The call failed after all: a retry must not be taken for a repeat. */
  giveBack(id: string) {
    const seen = this.kv.get<string[]>(this.key) ?? [];
    this.kv.put(
      this.key,
      seen.filter((kept) => kept !== id),
    );
  }
}

/**
 * The broadcasts to every room that a room has delivered, by id. A queue delivers at least
 * once: a consumer that fails after calling its rooms (its progress write, say) retries the
 * whole message, and each room would hear the broadcast again; an 'As User' broadcast is a
 * stored message, so the history would hold it twice. Retries come within minutes, so the
 * newest few ids are enough.
 */
const KEY = 'broadcasts:delivered';
const KEPT = 50;

export class BroadcastReceipts {
  constructor(private readonly kv: SyncKvStorage) {}

  /** Notes `id` and answers true, the first time; false for a repeat. */
  take(id: string): boolean {
    const seen = this.kv.get<string[]>(KEY) ?? [];
    if (seen.includes(id)) return false;
    this.kv.put(KEY, [...seen.slice(-(KEPT - 1)), id]);
    return true;
  }

  /** The delivery failed after all: a retry must not be taken for a repeat. */
  giveBack(id: string) {
    const seen = this.kv.get<string[]>(KEY) ?? [];
    this.kv.put(
      KEY,
      seen.filter((kept) => kept !== id),
    );
  }
}

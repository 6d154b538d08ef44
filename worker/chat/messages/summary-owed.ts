/**
 * What a failed summary flush still owes D1 besides the excerpt (whose staleness is in storage
 * already): the read positions and mentions moved, and the marks deleted mentions moved. They
 * wait in memory for the next flush; kept in the object's storage too until one writes them,
 * since the retry's alarm (room-messages.ts) rings minutes later, in a room nobody may be in,
 * which the runtime evicts from memory meanwhile. Written only after a failure, and read once
 * per wake: nothing on a message's path.
 */
const OWED_KEY = 'summaryOwed';

export interface SummaryOwed {
  /** User id → the newest message mentioning them. */
  mentioned: [string, number][];
  /** User id → the nickname a deleted message mentioned them under (mention-marks.ts). */
  marks: [string, string][];
  /** User id → their read position. */
  reads: [string, number][];
}

export class OwedSummary {
  private stored = false;

  constructor(private readonly kv: SyncKvStorage) {}

  /** What a failure before this wake left owed, if anything. */
  read(): SummaryOwed | undefined {
    const owed = this.kv.get<SummaryOwed>(OWED_KEY);
    this.stored = owed !== undefined;
    return owed;
  }

  keep(owed: SummaryOwed) {
    this.kv.put(OWED_KEY, owed);
    this.stored = true;
  }

  /** A flush wrote everything: nothing is owed (no write when nothing was). */
  paid() {
    if (!this.stored) return;
    this.kv.delete(OWED_KEY);
    this.stored = false;
  }
}

/**
 * The object's one alarm, as this instance last set or read it. A connect storm asked storage
 * for the alarm twice per upgrade, and a busy room once per message, for an answer that was
 * nearly always "already sooner". Right only while every change of the alarm goes through this
 * class: the server never calls the storage's own setAlarm or deleteAlarm.
 */
export class AlarmClock {
  /** The alarm as last set or read (undefined: not known, as after it rang). */
  private known: number | null | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** The alarm rang: the runtime cleared it, and what is set now, the handler sets. */
  rang() {
    this.known = undefined;
  }

  /** Asks for the alarm at `at`, unless it rings sooner already. */
  async wakeAt(at: number) {
    if (this.ringsBy(at)) return;
    const known = this.known;
    const current = await this.storage.getAlarm();
    // Another ask may have set a sooner alarm while this one read.
    if (this.ringsBy(at)) return;
    if (current === null || current > at) await this.set(at);
    // What was read is news only if nothing set or cancelled the alarm meanwhile.
    else if (this.known === known) this.known = current;
  }

  /** After the alarm's handler: rings by `next`, whatever was set (a passed time is not set). */
  async ringBy(next: number) {
    const scheduled = await this.storage.getAlarm();
    if (scheduled === null || scheduled <= Date.now() || scheduled > next) await this.set(next);
  }

  /** No alarm at all. */
  async cancel() {
    this.known = null;
    await this.storage.deleteAlarm();
  }

  /** Known to ring by `at`, and not yet due (a due alarm may have rung, and been cleared). */
  private ringsBy(at: number): boolean {
    const known = this.known;
    return typeof known === 'number' && known <= at && known > Date.now();
  }

  private async set(at: number) {
    this.known = at;
    await this.storage.setAlarm(at);
  }
}

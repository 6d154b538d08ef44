import { TYPING_SHOW_MS } from '../../../../contract/realtime';

/**
 * Who is typing in the room, as this screen heard it: a `typing` event shows the person, and
 * they go TYPING_SHOW_MS after their last one, when their message arrives, or when the online
 * list no longer has them. The expiry is
 * this tab's timer (one for all), so the room never keeps one.
 */
export class Typists {
  private readonly lastHeard = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly changed: (typists: string[]) => void) {}

  heard(nickname: string) {
    // A typist already shown keeps their place; the running timer re-checks them when due.
    const known = this.lastHeard.has(nickname);
    this.lastHeard.set(nickname, Date.now());
    if (!known || !this.timer) this.refresh();
  }

  stopped(nickname: string) {
    if (this.lastHeard.delete(nickname)) this.refresh();
  }

  /**
   * Who is online now (roomData): a typist not among them left or was removed, and is not
   * typing any more. Frames come in order, so a list sent after their signal has them unless
   * they went since.
   */
  online(nicknames: ReadonlySet<string>) {
    let gone = false;
    for (const nickname of this.lastHeard.keys()) {
      if (!nicknames.has(nickname)) gone = this.lastHeard.delete(nickname);
    }
    if (gone) this.refresh();
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private refresh() {
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [nickname, at] of this.lastHeard) {
      if (now - at >= TYPING_SHOW_MS) this.lastHeard.delete(nickname);
      else next = Math.min(next, at + TYPING_SHOW_MS);
    }
    this.changed([...this.lastHeard.keys()]);
    this.stop();
    if (Number.isFinite(next)) this.timer = setTimeout(() => this.refresh(), next - now);
  }
}

import { describe, expect, it } from 'vitest';
import { MESSAGE_BURST, MESSAGES_PER_SECOND } from '../../contract/realtime';
import { SendPacer } from '../../client/features/chat/connection/send-pacer';

/** The room's own limit (worker/chat/token-bucket.ts's takeToken, with the contract's figures). */
function roomLimit(start: number) {
  let tokens = MESSAGE_BURST;
  let at = start;
  return (now: number) => {
    tokens = Math.min(MESSAGE_BURST, tokens + ((now - at) / 1000) * MESSAGES_PER_SECOND);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

describe('the send pacer', () => {
  it('lets a queue go as fast as the room takes it, and never past its limit', () => {
    const start = 1_000_000;
    const pacer = new SendPacer(start);
    const room = roomLimit(start);
    let now = start;
    let sent = 0;
    // A queue of 60 messages, each sent the moment the pacer allows it.
    while (sent < 60) {
      now += pacer.nextIn(now);
      pacer.spend(now);
      expect(room(now)).toBe(true);
      sent++;
    }
    // A burst at once, then a steady pace a little under the room's.
    expect((now - start) / 1000).toBeGreaterThan((60 - MESSAGE_BURST) / MESSAGES_PER_SECOND);
    expect((now - start) / 1000).toBeLessThan(60 / (MESSAGES_PER_SECOND - 1));
  });

  it('says how long until the next message may go', () => {
    const pacer = new SendPacer(0);
    const burst = pacer.available(0);
    expect(burst).toBeGreaterThan(1);
    expect(burst).toBeLessThan(MESSAGE_BURST);
    for (let i = 0; i < burst; i++) pacer.spend(0);
    expect(pacer.available(0)).toBe(0);
    const wait = pacer.nextIn(0);
    expect(wait).toBeGreaterThan(1000 / MESSAGES_PER_SECOND);
    expect(pacer.available(wait - 1)).toBe(0);
    expect(pacer.available(wait)).toBe(1);
  });
});

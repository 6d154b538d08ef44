/**
 * The object's one alarm (worker/socket-io/alarm-clock.ts): wakeAt keeps the soonest time asked, and
 * remembers it so that most asks cost no storage call; a rung alarm is forgotten, so the next
 * ask sets a new one rather than trusting a time that has passed.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { createRoom } from './support/rooms';

/** wakeAt is protected in the class: the test reaches in on purpose. */
const wakeAt = (room: ChatRoom, at: number) =>
  (room as unknown as { wakeAt(at: number): Promise<void> }).wakeAt(at);

async function emptyRoom(name: string) {
  const owner = await signedInClient();
  return roomStub(env, await createRoom(owner.client, name, 'Owner'));
}

/** Alarms outlive a test: one left set would ring in the middle of another. */
const cancelAlarm = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_room: ChatRoom, state) => state.storage.deleteAlarm());

describe("a room's alarm", () => {
  it('rings at the soonest time asked, whatever the order of the asks', async () => {
    const stub = await emptyRoom('Soonest');
    const base = Date.now() + 60_000;
    const alarms = await runInDurableObject(stub, async (room: ChatRoom, state) => {
      const seen: (number | null)[] = [];
      for (const at of [base + 10_000, base + 20_000, base + 5_000, base + 7_000]) {
        await wakeAt(room, at);
        seen.push(await state.storage.getAlarm());
      }
      return seen;
    });
    expect(alarms).toEqual([base + 10_000, base + 10_000, base + 5_000, base + 5_000]);
    await cancelAlarm(stub);
  });

  it('keeps the soonest of asks made at the same time', async () => {
    const stub = await emptyRoom('Together');
    const base = Date.now() + 60_000;
    const alarm = await runInDurableObject(stub, async (room: ChatRoom, state) => {
      await Promise.all([base + 3_000, base + 1_000, base + 2_000].map((at) => wakeAt(room, at)));
      return state.storage.getAlarm();
    });
    expect(alarm).toBe(base + 1_000);
    await cancelAlarm(stub);
  });

  it('is set again after it rang, though the time it rang for is still ahead', async () => {
    const stub = await emptyRoom('Rung');
    const first = Date.now() + 60_000;
    await runInDurableObject(stub, (room: ChatRoom) => wakeAt(room, first));
    // Rung early, as the test runtime does: the remembered time is still in the future.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const second = first + 30_000;
    const alarm = await runInDurableObject(stub, async (room: ChatRoom, state) => {
      await wakeAt(room, second);
      return state.storage.getAlarm();
    });
    expect(alarm).toBe(second);
    await cancelAlarm(stub);
  });
});

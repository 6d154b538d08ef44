/**
 * Issuing a socket ticket wakes the room's object in the background (tickets/room-wake.ts), so
 * the socket that follows finds it started. A storm of one room's members wakes it once, a wake
 * keeps nothing awake, and a wake that failed is asked again by the next ticket.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import {
  resetRoomWakes,
  roomWakeStats,
  WAKE_AGAIN_AFTER_MS,
  wakeRoom,
} from '../../worker/tickets/room-wake';
import { createRoom, joinRoom, signedInOwnAddress } from './support/rooms';
import { ticketFor } from './tickets-helpers';

beforeEach(() => resetRoomWakes());

/** Runs what wakeRoom hands to the background, and waits for it. */
function collect() {
  const work: Promise<unknown>[] = [];
  return {
    background: (promise: Promise<unknown>) => work.push(promise),
    done: () => Promise.all(work),
  };
}

describe('waking a room when a ticket is issued', () => {
  it('wakes each room once for a storm of tickets', async () => {
    const owner = await signedInOwnAddress();
    const guest = await signedInOwnAddress();
    const first = await createRoom(owner.client, 'Awake', 'Owner');
    const second = await createRoom(owner.client, 'Also awake', 'Owner');
    await joinRoom(guest.client, first, 'Guest');

    await ticketFor(owner.client, first);
    await ticketFor(guest.client, first);
    await ticketFor(owner.client, first);
    expect(roomWakeStats.wakes).toBe(1);
    await ticketFor(owner.client, second);
    expect(roomWakeStats.wakes).toBe(2);
  });

  it('sets no alarm: a woken room still sleeps when nobody comes', async () => {
    const owner = await signedInOwnAddress();
    const roomId = await createRoom(owner.client, 'Dozing', 'Owner');
    const stub = roomStub(env, roomId);
    await stub.wake();
    const alarm = await runInDurableObject(stub, (_room: ChatRoom, state) =>
      state.storage.getAlarm(),
    );
    expect(alarm).toBeNull();
  });

  it('asks again once a room may have been evicted since its last wake', async () => {
    const owner = await signedInOwnAddress();
    const roomId = await createRoom(owner.client, 'Heavy sleeper', 'Owner');
    const { background, done } = collect();
    const at = Date.now();
    wakeRoom(env, roomId, background, at);
    wakeRoom(env, roomId, background, at + WAKE_AGAIN_AFTER_MS - 1);
    expect(roomWakeStats.wakes).toBe(1);
    wakeRoom(env, roomId, background, at + WAKE_AGAIN_AFTER_MS);
    expect(roomWakeStats.wakes).toBe(2);
    await done();
  });

  it('forgets a wake that failed, so the next ticket asks again', async () => {
    const failing = {
      CHAT_ROOM: {
        idFromName: (name: string) => name,
        get: () => ({ wake: () => Promise.reject(new Error('room unavailable')) }),
      },
    } as unknown as Env;
    const { background, done } = collect();
    wakeRoom(failing, 'room-1', background);
    await done();
    wakeRoom(failing, 'room-1', background);
    await done();
    expect(roomWakeStats.wakes).toBe(2);
  });
});

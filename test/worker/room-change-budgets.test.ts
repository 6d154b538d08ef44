/**
 * Hand-overs are bounded as renames are (worker/rooms/room-change-limits.ts): each one makes
 * every open chat of the room read the room list again, so two accounts handing a big room back
 * and forth must not do it without end. A rename or hand-over whose guarded write finds that
 * things changed meanwhile (409) changed nothing, and gives its slots back.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ROOM_HAND_OVERS_PER_HOUR, roomOwnerMessages } from '../../contract/room-owner';
import { CHANGED_MEANWHILE } from '../../worker/error-handler';
import { signedInAdmin } from './support/admin';
import { signedInClient, type Client } from './support/api';
import { callWithD1, d1BeforeStatement } from './support/held-d1';
import { createRoom, joinRoom, ownerAndGuest } from './support/rooms';

const handOver = (client: Client, roomId: string, userId: string) =>
  client.call(`/rooms/${roomId}/owner`, { body: { userId } });

const ownerOf = async (roomId: string) =>
  (
    await env.DB.prepare('SELECT created_by FROM rooms WHERE room_id = ?')
      .bind(roomId)
      .first<{ created_by: string }>()
  )?.created_by;

/** Slots counted under these rate-limit keys (security/rate-limit.ts) in the last hour. */
const slotsTaken = async (...keys: string[]) =>
  (await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM rate_limit_hits WHERE key IN (${keys.map(() => '?').join(', ')})`,
  )
    .bind(...keys)
    .first<{ n: number }>())!.n;

/** The room's rename (or hand-over) writes: the guarded UPDATE of the rooms row. */
const ROOM_UPDATE = /^update "rooms"/i;

describe('the bound on hand-overs', () => {
  it('answers the 11th hand-over of one room in an hour 429, whoever hands it', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    // Back and forth: each person hands it over only half the room's budget.
    const people = [owner, guest];
    for (let i = 0; i < ROOM_HAND_OVERS_PER_HOUR; i++) {
      const [from, to] = [people[i % 2]!, people[(i + 1) % 2]!];
      expect((await handOver(from.client, roomId, to.user.id)).status).toBe(200);
    }
    const holder = people[ROOM_HAND_OVERS_PER_HOUR % 2]!;
    const other = people[(ROOM_HAND_OVERS_PER_HOUR + 1) % 2]!;
    const refused = await handOver(holder.client, roomId, other.user.id);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(roomOwnerMessages.handingOverTooFast);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await ownerOf(roomId)).toBe(holder.user.id);

    // An administrator is not bounded: they can still take the room back, and rename it.
    const admin = await signedInAdmin();
    expect((await handOver(admin.client, roomId, other.user.id)).status).toBe(200);
    expect(await ownerOf(roomId)).toBe(other.user.id);
  });

  it("answers one person's 11th hand-over in an hour 429, across rooms", async () => {
    const owner = await signedInClient();
    const guest = await signedInClient();
    const roomIds: string[] = [];
    for (let i = 0; i <= ROOM_HAND_OVERS_PER_HOUR; i++) {
      const roomId = await createRoom(owner.client, `Room ${i}`, 'Owner');
      expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
      roomIds.push(roomId);
    }
    const last = roomIds.pop()!;
    for (const roomId of roomIds) {
      expect((await handOver(owner.client, roomId, guest.user.id)).status).toBe(200);
    }
    // A room never handed over before: the person's budget refuses it, not the room's.
    const refused = await handOver(owner.client, last, guest.user.id);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(roomOwnerMessages.handingOverTooFast);
    expect(await ownerOf(last)).toBe(owner.user.id);
  });
});

describe('a change refused because things changed meanwhile', () => {
  it('gives back the rename it took when the owner handed the room over before the write', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Kept name' });
    const DB = d1BeforeStatement(ROOM_UPDATE, async () => {
      expect((await handOver(owner.client, roomId, guest.user.id)).status).toBe(200);
    });
    const renamed = await callWithD1(DB, owner.client, `/rooms/${roomId}`, {
      method: 'PATCH',
      body: { name: 'Late rename' },
    });

    expect([renamed.status, renamed.body.error]).toEqual([409, CHANGED_MEANWHILE]);
    expect(
      await slotsTaken(`room-rename:user:${owner.user.id}`, `room-rename:room:${roomId}`),
    ).toBe(0);
  });

  it('gives back the hand-over it took when the person left before the write', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const DB = d1BeforeStatement(ROOM_UPDATE, async () => {
      const left = await guest.client.call(`/rooms/${roomId}/membership`, { method: 'DELETE' });
      expect(left.status).toBe(200);
    });
    const handed = await callWithD1(DB, owner.client, `/rooms/${roomId}/owner`, {
      method: 'POST',
      body: { userId: guest.user.id },
    });

    expect([handed.status, handed.body.error]).toEqual([409, CHANGED_MEANWHILE]);
    expect(await ownerOf(roomId)).toBe(owner.user.id);
    expect(
      await slotsTaken(`room-hand-over:user:${owner.user.id}`, `room-hand-over:room:${roomId}`),
    ).toBe(0);
  });
});

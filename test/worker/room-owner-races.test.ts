/**
 * An owner's rename or deletion reads the room, then writes: the write itself says "while this
 * person still owns it", so a hand-over between the read and the write wins, and a room deleted
 * meanwhile answers 404 where one that changed hands answers 409. The routes cannot be paused
 * between their read and their write from a test, so these call the guarded writes they use,
 * after the hand-over, as the late half of the route would.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomMessages } from '../../contract/rooms';
import { openDb } from '../../worker/db/client';
import { CHANGED_MEANWHILE } from '../../worker/error-handler';
import { deleteRoomEverywhere } from '../../worker/room-removal/delete-room';
import { refusedMeanwhile, renameRoom } from '../../worker/rooms/room-settings-access';
import { signedInAdmin } from './support/admin';
import type { Client } from './support/api';
import { userRow } from './support/held-d1';
import { ownerAndGuest } from './support/rooms';

const handOver = (client: Client, roomId: string, userId: string) =>
  client.call(`/rooms/${roomId}/owner`, { body: { userId } });

const storedRoom = (roomId: string) =>
  env.DB.prepare('SELECT name, created_by FROM rooms WHERE room_id = ?')
    .bind(roomId)
    .first<{ name: string; created_by: string }>();

describe("an owner's write after a hand-over", () => {
  it('does not rename a room its caller no longer owns; its new owner and an administrator may', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Kept name' });
    expect((await handOver(owner.client, roomId, guest.user.id)).status).toBe(200);
    const db = openDb(env.DB);

    expect(await renameRoom(db, roomId, 'Late rename', owner.user.id)).toBe(false);
    expect(await storedRoom(roomId)).toEqual({ name: 'Kept name', created_by: guest.user.id });
    const why = await refusedMeanwhile(db, roomId);
    expect([why.status, why.message]).toEqual([409, CHANGED_MEANWHILE]);

    expect(await renameRoom(db, roomId, 'By the new owner', guest.user.id)).toBe(true);
    expect((await storedRoom(roomId))?.name).toBe('By the new owner');
    expect(await renameRoom(db, roomId, 'By an administrator')).toBe(true);
    expect((await storedRoom(roomId))?.name).toBe('By an administrator');
  });

  it('does not delete a room its caller no longer owns, nor count it gone', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Still here' });
    expect((await handOver(owner.client, roomId, guest.user.id)).status).toBe(200);
    const admin = await signedInAdmin();
    const before = (await admin.client.call('/admin/stats')).body;

    const db = openDb(env.DB);
    expect(await deleteRoomEverywhere(env, db, roomId, owner.user.id)).toBeUndefined();
    expect(await storedRoom(roomId)).toEqual({ name: 'Still here', created_by: guest.user.id });
    expect((await admin.client.call('/admin/stats')).body).toEqual(before);
    const owed = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM room_file_removals WHERE room_id = ?',
    )
      .bind(roomId)
      .first<{ n: number }>();
    expect(owed!.n).toBe(0);
    expect((await guest.client.call(`/rooms/${roomId}`)).status).toBe(200);
    // Nor takes the room from under the people in it (their current room, users.room_id).
    expect((await userRow(guest.user.id)).roomId).toBe(roomId);

    const deleted = await deleteRoomEverywhere(env, db, roomId, guest.user.id);
    expect(deleted?.roomId).toBe(roomId);
    expect(await storedRoom(roomId)).toBeNull();
    expect((await userRow(guest.user.id)).roomId).toBeNull();
    expect((await admin.client.call('/admin/stats')).body.rooms).toBe(before.rooms - 1);
  });

  it('answers 404 for a room deleted meanwhile, where one that changed hands answers 409', async () => {
    const { owner, roomId } = await ownerAndGuest();
    expect((await owner.client.call(`/rooms/${roomId}`, { method: 'DELETE' })).status).toBe(200);
    const why = await refusedMeanwhile(openDb(env.DB), roomId);
    expect([why.status, why.message]).toEqual([404, roomMessages.roomNotFound]);
  });
});

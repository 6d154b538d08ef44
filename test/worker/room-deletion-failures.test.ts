/**
 * A room's deletion whose later steps fail (worker/room-removal/delete-room.ts): once the room
 * is gone from D1 the route answers its success, and what failed is finished later (the files'
 * objects by the hourly clean-up, the room's call by the 'room-calls' queue). What must not
 * outlive the room (the people's pointer to it) goes in its transaction, or not at all.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOURLY_CRON } from '../../worker/files/unsent-uploads';
import { signedInAdmin } from './support/admin';
import type { Client } from './support/api';
import { runCron } from './support/cron';
import { d1FailingOnce } from './support/failing-d1';
import { objectExists, uploaded } from './support/files';
import { callWithD1, userRow } from './support/held-d1';
import { unreachable } from './support/room-calls';
import { ownerAndGuest, ownerAndGuestJoined } from './support/rooms';

const deleteRoom = (client: Client, roomId: string) =>
  client.call(`/rooms/${roomId}`, { method: 'DELETE' });

const roomRow = (roomId: string) =>
  env.DB.prepare('SELECT room_id FROM rooms WHERE room_id = ?').bind(roomId).first();

const owedRemoval = (roomId: string) =>
  env.DB.prepare('SELECT room_id FROM room_file_removals WHERE room_id = ?').bind(roomId).first();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a deletion whose files could not be removed', () => {
  it('answers its success, and the hourly clean-up removes them', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const fileId = await uploaded(guest.client, roomId, 'a photo', { name: 'a.txt' });
    const outage = new Error('R2 is unavailable');
    vi.spyOn(env.FILES, 'list').mockRejectedValueOnce(outage);
    const logged = vi.spyOn(console, 'error');

    const res = await deleteRoom(owner.client, roomId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Room deleted successfully' });
    expect(await roomRow(roomId)).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(roomId), outage);
    expect(await objectExists(roomId, fileId)).toBe(true);
    expect(await owedRemoval(roomId)).not.toBeNull();

    await runCron(HOURLY_CRON);
    expect(await objectExists(roomId, fileId)).toBe(false);
    expect(await owedRemoval(roomId)).toBeNull();
  });

  it("answers an administrator's deletion's success too", async () => {
    const { roomId } = await ownerAndGuest();
    const admin = await signedInAdmin();
    vi.spyOn(env.FILES, 'list').mockRejectedValueOnce(new Error('R2 is unavailable'));
    const res = await admin.client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await roomRow(roomId)).toBeNull();
    await runCron(HOURLY_CRON);
    expect(await owedRemoval(roomId)).toBeNull();
  });
});

describe('a deletion whose room could be told neither at once nor through the queue', () => {
  it('answers its success and logs that the room was not told', async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('deleteRoom');
    const refused = new Error('Queue is unavailable');
    vi.spyOn(env.ROOM_CALLS_QUEUE, 'send').mockRejectedValue(refused);
    const logged = vi.spyOn(console, 'error');

    const res = await deleteRoom(owner.client, roomId);
    expect(res.status).toBe(200);
    expect(await roomRow(roomId)).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      `[room-calls] deleteRoom for room ${roomId} not queued:`,
      refused,
    );
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining(`room ${roomId} deleted, its object not told`),
      expect.anything(),
    );
    a.close();
    b.close();
  });
});

describe("clearing the people's pointer to a deleted room", () => {
  it('fails with the deletion, which then changes nothing, and a retry deletes the room', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    expect((await userRow(guest.user.id)).roomId).toBe(roomId);
    const failing = d1FailingOnce(/^update "users" set "room_id" = \? where/, '"users"');

    const res = await callWithD1(failing, owner.client, `/rooms/${roomId}`, { method: 'DELETE' });
    expect(res.status).toBe(500);
    // Not half done: the room, and the pointers to it, are all still there.
    expect(await roomRow(roomId)).not.toBeNull();
    expect((await userRow(guest.user.id)).roomId).toBe(roomId);
    expect(await owedRemoval(roomId)).toBeNull();

    expect((await deleteRoom(owner.client, roomId)).status).toBe(200);
    expect(await roomRow(roomId)).toBeNull();
    expect((await userRow(guest.user.id)).roomId).toBeNull();
    expect((await userRow(owner.user.id)).roomId).toBeNull();
  });
});

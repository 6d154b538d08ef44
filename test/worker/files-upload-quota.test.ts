/**
 * The daily upload quota (docs/files.md#limits): 50 files and 100 MB in any 24 hours per
 * account, counted per upload, so that deleting what was sent gives no place back.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  recordWithinQuota,
  UPLOAD_BYTES_PER_DAY,
  UPLOADS_PER_DAY,
} from '../../worker/files/upload-quota';
import { signedInClient } from './support/api';
import { upload, uploaded } from './support/files';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

/** Uploads made before the test, each a file row (sent) and a counted upload. */
async function pastUploads(userId: string, roomId: string, rows: { size: number; ago: number }[]) {
  const now = Date.now();
  await env.DB.batch(
    rows.flatMap(({ size, ago }, i) => {
      const id = `${crypto.randomUUID()}${i}`;
      return [
        env.DB.prepare(
          `INSERT INTO files (id, room_id, uploader_id, name, size, type, created_at, message_id)
           VALUES (?, ?, ?, 'old.txt', ?, 'text/plain', ?, 1)`,
        ).bind(id, roomId, userId, size, now - ago),
        env.DB.prepare(
          `INSERT INTO uploads_counted (file_id, uploader_id, size, created_at)
           VALUES (?, ?, ?, ?)`,
        ).bind(id, userId, size, now - ago),
      ];
    }),
  );
}

describe('the daily quota', () => {
  it(`refuses a file past ${UPLOADS_PER_DAY} in 24 hours with 429 and Retry-After`, async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Busy', 'Owner');
    const hour = 60 * 60_000;
    await pastUploads(owner.user.id, roomId, [
      { size: 10, ago: 23 * hour }, // frees its place in about an hour
      ...Array.from({ length: UPLOADS_PER_DAY - 2 }, () => ({ size: 10, ago: hour })),
      { size: 10, ago: 25 * hour }, // a day old: no longer counted
    ]);
    expect((await upload(owner.client, roomId, 'one more')).status).toBe(201);
    const refused = await upload(owner.client, roomId, 'and another');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/upload limit/);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    // Another person's quota is their own.
    const guest = await signedInClient();
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    expect((await upload(guest.client, roomId, 'mine')).status).toBe(201);
  });

  it('counts bytes too: 100 MB a day', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Heavy', 'Owner');
    await pastUploads(owner.user.id, roomId, [{ size: UPLOAD_BYTES_PER_DAY - 100, ago: 60_000 }]);
    expect((await upload(owner.client, roomId, 'x'.repeat(100))).status).toBe(201);
    const refused = await upload(owner.client, roomId, 'x');
    expect(refused.status).toBe(429);
  });

  it('lets uploads racing for the last place have it once', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Race', 'Owner');
    await pastUploads(
      owner.user.id,
      roomId,
      Array.from({ length: UPLOADS_PER_DAY - 1 }, () => ({ size: 1, ago: 1000 })),
    );
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => upload(owner.client, roomId, `racer ${i}`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429, 429]);
    const { results: objects } = await env.DB.prepare(
      "SELECT id FROM files WHERE room_id = ? AND name != 'old.txt'",
    )
      .bind(roomId)
      .all<{ id: string }>();
    expect(objects).toHaveLength(1);
    // The losers' objects were deleted again.
    const listed = await env.FILES.list({ prefix: `rooms/${roomId}/` });
    expect(listed.objects.map((o) => o.key)).toEqual([`rooms/${roomId}/${objects[0]!.id}`]);
  });
});

describe('a quota that deletion does not refill', () => {
  it('counts an upload sent and deleted with its message: the next is still refused', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Loop', 'Owner');
    await pastUploads(
      owner.user.id,
      roomId,
      Array.from({ length: UPLOADS_PER_DAY - 1 }, () => ({ size: 10, ago: 60_000 })),
    );
    const last = await uploaded(owner.client, roomId, 'the last place');
    expect((await upload(owner.client, roomId, 'one more')).status).toBe(429);

    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const sent = await socket.emit('sendMessage', {
      roomId,
      text: '',
      clientId: crypto.randomUUID(),
      files: [last],
    });
    expect(typeof sent.id).toBe('number');
    expect(await socket.emit('deleteMessage', { roomId, messageId: sent.id })).toEqual({});
    socket.close();
    const stillThere = async () =>
      env.DB.prepare('SELECT COUNT(*) AS n FROM files WHERE id = ?')
        .bind(last)
        .first<{ n: number }>();
    // The deletion took the file's row (the loop's old way back to a place)...
    for (let i = 0; i < 40 && (await stillThere())!.n > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await stillThere()).toEqual({ n: 0 });
    // ...and the upload still counts.
    const again = await upload(owner.client, roomId, 'after deleting');
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/upload limit/);
  });

  it('counts nothing for an upload whose file row the database refused', async () => {
    const owner = await signedInClient();
    const id = crypto.randomUUID().replace(/-/g, '');
    const record = recordWithinQuota(env.DB, {
      id,
      name: 'a.txt',
      size: 5,
      type: 'text/plain',
      roomId: 'no-such-room-0123456789',
      uploaderId: owner.user.id,
      createdAt: Date.now(),
    });
    await expect(record).rejects.toThrow(/FOREIGN KEY/i);
    const counted = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM uploads_counted WHERE file_id = ?',
    )
      .bind(id)
      .first();
    expect(counted).toEqual({ n: 0 });
  });
});

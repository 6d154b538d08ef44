/**
 * Files going for good, on three of the four paths (a message's deletion is the room's, in its
 * own tests): the hourly clean-up of uploads never sent, an account's deletion and a room's.
 * Each time the url answers 404 and the object is gone from R2, not just unlinked.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { UPLOAD_REMOVED_AFTER_MS } from '../../contract/files';
import { HOURLY_CRON } from '../../worker/files/unsent-uploads';
import { signedInAdmin } from './support/admin';
import { signedInClient } from './support/api';
import { runCron } from './support/cron';
import { fetchFile, objectExists, objectKey, stored, uploaded } from './support/files';
import { plainPng } from './support/image-fixtures';
import { createRoom, joinRoom, ownerAndGuest } from './support/rooms';

async function gone(roomId: string, id: string) {
  return (await stored(id)).row === null && !(await objectExists(roomId, id));
}

describe('the hourly clean-up', () => {
  it('removes uploads never sent once they are past the time a send may name them', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const old = await uploaded(owner.client, roomId, 'never sent', { name: 'old.txt' });
    const fresh = await uploaded(owner.client, roomId, 'just now', { name: 'new.txt' });
    const sent = await uploaded(owner.client, roomId, plainPng, { name: 'sent.png' });
    const longAgo = Date.now() - UPLOAD_REMOVED_AFTER_MS - 60_000;
    await env.DB.batch([
      env.DB.prepare('UPDATE files SET created_at = ? WHERE id IN (?, ?)').bind(longAgo, old, sent),
      env.DB.prepare('UPDATE files SET message_id = 7 WHERE id = ?').bind(sent),
    ]);

    // The daily prune leaves files alone; the hourly run removes the old unsent one.
    await runCron('17 3 * * *');
    expect(await objectExists(roomId, old)).toBe(true);
    await runCron(HOURLY_CRON);

    expect(await gone(roomId, old)).toBe(true);
    expect((await fetchFile(guest.client, old)).status).toBe(404);
    expect(await objectExists(roomId, fresh)).toBe(true);
    expect(await objectExists(roomId, sent)).toBe(true);
    expect((await fetchFile(guest.client, sent)).status).toBe(200);
  });

  it('is wired to the hourly expression in wrangler.toml', async () => {
    const { default: toml } = await import('../../wrangler.toml?raw');
    expect(toml).toMatch(new RegExp(`crons = \\[[^\\]]*"${HOURLY_CRON.replace(/\*/g, '\\*')}"`));
  });
});

describe('deleting an account', () => {
  it('removes every file it uploaded, in every room; others’ files stay', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const otherRoom = await createRoom(owner.client, 'Elsewhere', 'Owner');
    expect((await joinRoom(guest.client, otherRoom, 'Guest')).status).toBe(200);
    const mine = [
      { roomId, id: await uploaded(guest.client, roomId, plainPng, { name: 'a.png' }) },
      { roomId: otherRoom, id: await uploaded(guest.client, otherRoom, 'hi', { name: 'b.txt' }) },
    ];
    const theirs = await uploaded(owner.client, roomId, 'owner’s', { name: 'c.txt' });

    const deleted = await guest.client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: guest.account.password },
    });
    expect(deleted.status).toBe(200);

    for (const file of mine) {
      expect(await gone(file.roomId, file.id)).toBe(true);
      expect((await fetchFile(owner.client, file.id)).status).toBe(404);
    }
    expect(await objectExists(roomId, theirs)).toBe(true);
    expect((await fetchFile(owner.client, theirs)).status).toBe(200);
  });

  it('by an administrator too', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const id = await uploaded(guest.client, roomId, 'bye', { name: 'bye.txt' });
    const admin = await signedInAdmin();
    const res = await admin.client.call(`/admin/users/${guest.user.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await gone(roomId, id)).toBe(true);
    expect((await fetchFile(owner.client, id)).status).toBe(404);
  });
});

describe('deleting a room', () => {
  it('removes every object under its prefix from R2 and its rows; other rooms keep theirs', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const ids = [
      await uploaded(owner.client, roomId, plainPng, { name: 'a.png' }),
      await uploaded(guest.client, roomId, 'text', { name: 'b.txt' }),
    ];
    // An object whose row never came (an upload cut off as the room went) goes too.
    await env.FILES.put(objectKey(roomId, 'f'.repeat(32)), 'orphan');
    const elsewhere = await signedInClient();
    const otherRoom = await createRoom(elsewhere.client, 'Other', 'Owner');
    const kept = await uploaded(elsewhere.client, otherRoom, 'stays', { name: 'k.txt' });

    const admin = await signedInAdmin();
    const res = await admin.client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' });
    expect(res.status).toBe(200);

    for (const id of ids) {
      expect(await gone(roomId, id)).toBe(true);
      expect((await fetchFile(owner.client, id)).status).toBe(404);
    }
    expect((await env.FILES.list({ prefix: `rooms/${roomId}/` })).objects).toEqual([]);
    expect(await objectExists(otherRoom, kept)).toBe(true);
  });
});

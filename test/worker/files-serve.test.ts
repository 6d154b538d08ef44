/**
 * GET /api/files/:id: what another member is served (no metadata), with which headers, in
 * ranges; and that nobody else is served anything.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../worker/db/client';
import { findReadableFile } from '../../worker/files/file-access';
import { Client, signedInClient } from './support/api';
import { fetchFile, fileBytes, uploaded } from './support/files';
import {
  containsText,
  gifWithEverything,
  jpegWithEverything,
  pngChunks,
  pngWithEverything,
  SECRETS,
  webpChunks,
  webpWithEverything,
} from './support/image-fixtures';
import { ownerAndGuest } from './support/rooms';

describe('what another member is served', () => {
  it.each([
    ['photo.jpg', jpegWithEverything, 'image/jpeg'],
    ['photo.png', pngWithEverything, 'image/png'],
    ['photo.webp', webpWithEverything, 'image/webp'],
    ['photo.gif', gifWithEverything, 'image/gif'],
  ])('%s: the picture without GPS, Exif, XMP or comments', async (name, make, type) => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const original = make();
    expect(SECRETS.some((secret) => containsText(original, secret))).toBe(true);
    const id = await uploaded(owner.client, roomId, original, { name });
    const response = await fetchFile(guest.client, id);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe(type);
    const served = await fileBytes(response);
    for (const secret of SECRETS) expect(containsText(served, secret), secret).toBe(false);
    expect(Number(response.headers.get('Content-Length'))).toBe(served.length);
    // Still the picture: its structure intact from first to last byte.
    if (type === 'image/jpeg') {
      expect([...served.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect([...served.subarray(-2)]).toEqual([0xff, 0xd9]);
    }
    if (type === 'image/png') expect(pngChunks(served)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    if (type === 'image/webp') {
      expect(webpChunks(served).map((chunk) => chunk.type)).toEqual(['VP8X', 'VP8 ']);
      expect(new DataView(served.buffer).getUint32(4, true)).toBe(served.length - 8);
    }
    if (type === 'image/gif') expect(served.at(-1)).toBe(0x3b);
  });

  it('every answer: nosniff, a sandbox CSP, private caching, an ETag', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const image = await uploaded(owner.client, roomId, pngWithEverything(), { name: 'a.png' });
    const text = await uploaded(owner.client, roomId, 'hello', { name: 'hello.txt' });
    for (const id of [image, text]) {
      const response = await fetchFile(guest.client, id);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Content-Security-Policy')).toBe("sandbox; default-src 'none'");
      expect(response.headers.get('Cache-Control')).toMatch(/^private\b/);
      expect(response.headers.get('ETag')).toBe(`"${id}"`);
      expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    }
    const inline = await fetchFile(guest.client, image);
    expect(inline.headers.get('Content-Disposition')).toBe("inline; filename*=UTF-8''a.png");
    const download = await fetchFile(guest.client, text);
    expect(download.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(download.headers.get('Content-Disposition')).toBe(
      "attachment; filename*=UTF-8''hello.txt",
    );
    expect(await download.text()).toBe('hello');
  });

  it('answers If-None-Match with 304, and HEAD with the headers alone', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const id = await uploaded(owner.client, roomId, 'cached', { name: 'c.txt' });
    const again = await fetchFile(guest.client, id, { headers: { 'If-None-Match': `"${id}"` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Compared weakly, and among other tags; another file's tag is no match.
    const weak = { 'If-None-Match': `"other", W/"${id}"` };
    expect((await fetchFile(guest.client, id, { headers: weak })).status).toBe(304);
    const other = { 'If-None-Match': `W/"${'0'.repeat(32)}"` };
    expect((await fetchFile(guest.client, id, { headers: other })).status).toBe(200);
    const head = await fetchFile(guest.client, id, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe('6');
    expect(head.headers.get('Content-Disposition')).toBe("attachment; filename*=UTF-8''c.txt");
    expect(await head.text()).toBe('');
  });
});

describe('ranges', () => {
  const digits = '0123456789'.repeat(10); // 100 bytes

  it('answers one range with 206 and its Content-Range', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const id = await uploaded(owner.client, roomId, digits, { name: 'd.txt' });
    const cases: [string, string, string][] = [
      ['bytes=0-9', '0123456789', 'bytes 0-9/100'],
      ['bytes=95-', '56789', 'bytes 95-99/100'],
      ['bytes=-3', '789', 'bytes 97-99/100'],
      ['bytes=90-500', '0123456789', 'bytes 90-99/100'],
    ];
    for (const [range, body, contentRange] of cases) {
      const response = await fetchFile(guest.client, id, { headers: { Range: range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('Content-Range'), range).toBe(contentRange);
      expect(response.headers.get('Content-Length'), range).toBe(String(body.length));
      expect(await response.text(), range).toBe(body);
    }
  });

  it('416 for a range past the end; the whole file for one it cannot serve alone', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const id = await uploaded(owner.client, roomId, digits, { name: 'd.txt' });
    const past = await fetchFile(guest.client, id, { headers: { Range: 'bytes=100-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('Content-Range')).toBe('bytes */100');
    for (const range of ['bytes=0-1,5-6', 'lines=1-2', 'bytes=9-3']) {
      const whole = await fetchFile(guest.client, id, { headers: { Range: range } });
      expect(whole.status, range).toBe(200);
      expect(await whole.text(), range).toBe(digits);
    }
    // A range asked If-Range of another version gets the whole (current) file.
    const stale = await fetchFile(guest.client, id, {
      headers: { Range: 'bytes=0-1', 'If-Range': '"another"' },
    });
    expect(stale.status).toBe(200);
  });
});

describe('nobody else is served', () => {
  it('a stranger, someone signed out and an unknown id all get the same 404', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const id = await uploaded(owner.client, roomId, 'private words', { name: 'p.txt' });
    const stranger = await signedInClient();
    const answers = [
      await fetchFile(stranger.client, id),
      await fetchFile(null, id),
      await fetchFile(new Client(), id),
      await fetchFile(owner.client, '0123456789abcdef0123456789abcdef'),
      await fetchFile(owner.client, '../../etc/passwd'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('private');
    }
  });

  it('a kicked member, from the kick on; again once unbanned and back', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const id = await uploaded(owner.client, roomId, 'for members', { name: 'm.txt' });
    expect((await fetchFile(guest.client, id)).status).toBe(200);
    await owner.client.call(`/rooms/${roomId}/kick`, { body: { targetUserId: guest.user.id } });
    const refused = await fetchFile(guest.client, id);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: 'File not found' });
    await owner.client.call(`/rooms/${roomId}/bans/${guest.user.id}`, { method: 'DELETE' });
    await guest.client.call('/join', { body: { roomId, activeNickname: 'Guest' } });
    expect((await fetchFile(guest.client, id)).status).toBe(200);
  });
});

/**
 * env.DB as a replica still behind `userId`'s join: it has the file's row but no membership
 * (nor ban) of theirs, as if every statement asked about someone who never joined.
 */
function replicaBehindJoinOf(userId: string): D1Database {
  const prepare = (query: string) => {
    const statement = env.DB.prepare(query);
    return new Proxy(statement, {
      get: (target, key) =>
        key === 'bind'
          ? (...values: unknown[]) =>
              target.bind(...values.map((value) => (value === userId ? 'joined-later' : value)))
          : Reflect.get(target, key, target),
    });
  };
  return new Proxy(env.DB, {
    get: (target, key) => (key === 'prepare' ? prepare : Reflect.get(target, key, target)),
  }) as D1Database;
}

describe('the membership read near the caller', () => {
  it('a member who just joined is served though the near copy has not heard of the join', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const id = await uploaded(owner.client, roomId, 'for members', { name: 'm.txt' });
    // The photos of the history the person sees on joining are fetched at once, without a
    // bookmark (an <img> carries none), from whatever copy is nearest.
    const near = openDb(replicaBehindJoinOf(guest.user.id));
    const file = await findReadableFile({ env, var: { db: near } }, id, guest.user.id);
    expect(file.id).toBe(id);
    // A stranger is still refused: the primary does not know them either.
    const stranger = await signedInClient();
    await expect(
      findReadableFile({ env, var: { db: openDb(env.DB) } }, id, stranger.user.id),
    ).rejects.toMatchObject({ status: 404 });
  });
});

/**
 * POST /api/rooms/:roomId/files: who may upload, what the answer says, the type from the bytes,
 * the cleaned name and the size limit. The daily quota: files-upload-quota.test.ts.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../../contract/files';
import { storeUpload } from '../../worker/files/store-upload';
import { Client, signedInClient } from './support/api';
import { fetchFile, objectExists, stored, upload, uploaded } from './support/files';
import { gpsJpeg, plainPng } from './support/image-fixtures';
import { createRoom, joinRoom, ownerAndGuest } from './support/rooms';

const ROOM_NOT_FOUND = { error: 'Room not found' };

describe('who may upload', () => {
  it('a member: 201 with the id, cleaned name, size, sniffed type and the picture’s size', async () => {
    const { guest, roomId } = await ownerAndGuest();
    const result = await upload(guest.client, roomId, gpsJpeg, {
      name: 'IMG_0001.jpg',
      claimedType: 'image/jpeg',
    });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: 'IMG_0001.jpg',
      size: expect.any(Number),
      type: 'image/jpeg',
      width: 8,
      height: 6,
    });
    // The size is the stored (cleaned) file's: the Exif segment is gone.
    expect(result.body.size).toBeLessThan(gpsJpeg.length);
    const { row } = await stored(result.body.id);
    expect(row).toMatchObject({ room_id: roomId, uploader_id: guest.user.id, message_id: null });
    expect(await objectExists(roomId, result.body.id)).toBe(true);
  });

  it('a text file has no width or height', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const result = await upload(owner.client, roomId, 'just words', { name: 'notes.txt' });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      id: expect.any(String),
      name: 'notes.txt',
      size: 10,
      type: 'text/plain',
    });
  });

  it('a stranger gets 404, as for a room that does not exist, and nothing is stored', async () => {
    const { roomId } = await ownerAndGuest();
    const stranger = await signedInClient();
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM files').first<{ n: number }>();
    const result = await upload(stranger.client, roomId, plainPng, { name: 'x.png' });
    expect(result.status).toBe(404);
    expect(result.body).toEqual(ROOM_NOT_FOUND);
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM files').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
    expect((await upload(stranger.client, 'no-such-room-0123456789', plainPng)).status).toBe(404);
  });

  it('a kicked (so banned) member gets 404; an unbanned one who rejoins may upload again', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    expect((await upload(guest.client, roomId, plainPng)).status).toBe(201);
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    const refused = await upload(guest.client, roomId, plainPng);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(ROOM_NOT_FOUND);
    // A ban row without the membership's removal (a join racing the kick) still refuses.
    const other = await signedInClient();
    expect((await joinRoom(other.client, roomId, 'Other')).status).toBe(200);
    await env.DB.prepare(
      "INSERT INTO room_bans (room_id, user_id, nickname) VALUES (?, ?, 'Other')",
    )
      .bind(roomId, other.user.id)
      .run();
    expect((await upload(other.client, roomId, plainPng)).status).toBe(404);

    await owner.client.call(`/rooms/${roomId}/bans/${guest.user.id}`, { method: 'DELETE' });
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    expect((await upload(guest.client, roomId, plainPng)).status).toBe(201);
  });

  it('signed out: 401', async () => {
    const { roomId } = await ownerAndGuest();
    expect((await upload(new Client(), roomId, plainPng)).status).toBe(401);
  });

  it('refuses another site’s page (403), before reading the body', async () => {
    const { guest, roomId } = await ownerAndGuest();
    const foreign = await upload(guest.client, roomId, plainPng, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const sameSite = await upload(guest.client, roomId, plainPng, {
      headers: { 'Sec-Fetch-Site': 'same-site' },
    });
    expect(sameSite.status).toBe(403);
  });

  it('asks for one file field in a multipart form', async () => {
    const { guest, roomId } = await ownerAndGuest();
    const json = await upload(guest.client, roomId, '', {
      body: JSON.stringify({ file: 'x' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.append('file', 'a string, not a file');
    expect((await upload(guest.client, roomId, '', { body: form })).status).toBe(400);
    const two = new FormData();
    two.append('file', new File(['a'], 'a.txt'));
    two.append('file', new File(['b'], 'b.txt'));
    expect((await upload(guest.client, roomId, '', { body: two })).status).toBe(400);
    expect((await upload(guest.client, roomId, new Uint8Array(0))).body).toEqual({
      error: 'The file is empty',
    });
  });
});

describe('the type comes from the bytes', () => {
  it('a PNG named .txt and claimed as text is an image/png, served inline', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const result = await upload(owner.client, roomId, plainPng, {
      name: 'notes.txt',
      claimedType: 'text/plain',
    });
    expect(result.body).toMatchObject({
      name: 'notes.txt',
      type: 'image/png',
      width: 8,
      height: 6,
    });
    const served = await fetchFile(guest.client, result.body.id);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Content-Disposition')).toMatch(/^inline;/);
  });

  it('HTML named .jpg and claimed as a JPEG is no image: a download of unknown bytes', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const html = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
    const result = await upload(owner.client, roomId, html, {
      name: 'cat.jpg',
      claimedType: 'image/jpeg',
    });
    expect(result.body).toMatchObject({ name: 'cat.jpg', type: 'application/octet-stream' });
    expect(result.body.width).toBeUndefined();
    const served = await fetchFile(guest.client, result.body.id);
    expect(served.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(served.headers.get('Content-Disposition')).toBe("attachment; filename*=UTF-8''cat.jpg");
    expect(served.headers.get('Content-Security-Policy')).toBe("sandbox; default-src 'none'");
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('an SVG is never an image: a download of unknown bytes', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>';
    const result = await upload(owner.client, roomId, svg, {
      name: 'logo.svg',
      claimedType: 'image/svg+xml',
    });
    expect(result.body.type).toBe('application/octet-stream');
    const served = await fetchFile(guest.client, result.body.id);
    expect(served.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(served.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename\*=UTF-8''logo\.svg$/,
    );
  });

  it('a PDF is application/pdf, downloaded', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const id = await uploaded(owner.client, roomId, '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF', {
      name: 'plan.pdf',
    });
    const served = await fetchFile(guest.client, id);
    expect(served.headers.get('Content-Type')).toBe('application/pdf');
    expect(served.headers.get('Content-Disposition')).toBe("attachment; filename*=UTF-8''plan.pdf");
  });

  it('a damaged image is refused rather than stored with its metadata', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const result = await upload(owner.client, roomId, gpsJpeg.subarray(0, 60), { name: 'cut.jpg' });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/could not be read/);
  });
});

describe('the name', () => {
  it('is cleaned: no folders, no direction or invisible characters, composed', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const result = await upload(owner.client, roomId, 'text', {
      name: '..\\..\\Desktop\\re\u200Bport\u202Etxt.exe',
    });
    expect(result.body.name).toBe('reporttxt.exe');
    const accents = await upload(owner.client, roomId, 'text', { name: 'cafe\u0301.txt' });
    expect(accents.body.name).toBe('caf\u00e9.txt');
  });

  it('is cut to 100 characters with its extension, and served as given (RFC 8187)', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const result = await upload(owner.client, roomId, 'text', { name: `${'ü'.repeat(150)}.txt` });
    expect(result.body.name).toBe(`${'ü'.repeat(96)}.txt`);
    const quoted = await upload(owner.client, roomId, 'text', { name: "it's (not) *this*.txt" });
    const served = await fetchFile(guest.client, quoted.body.id);
    expect(served.headers.get('Content-Disposition')).toBe(
      "attachment; filename*=UTF-8''it%27s%20%28not%29%20%2Athis%2A.txt",
    );
  });
});

describe('the size limit', () => {
  it('takes a file of exactly 10 MB and refuses one byte more with 413', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const limit = new Uint8Array(FILE_MAX_BYTES).fill(0x41);
    const fits = await upload(owner.client, roomId, limit, { name: 'big.txt' });
    expect(fits.status).toBe(201);
    expect(fits.body.size).toBe(FILE_MAX_BYTES);
    const over = await upload(owner.client, roomId, new Uint8Array(FILE_MAX_BYTES + 1), {
      name: 'big.bin',
    });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: 'File is larger than 10 MB' });
  });

  it('refuses by Content-Length before reading, and a body without one as it streams', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const declared = await upload(owner.client, roomId, '', {
      body: 'x',
      headers: {
        'Content-Length': String(FILE_MAX_BYTES * 2),
        'Content-Type': 'multipart/form-data; boundary=x',
      },
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: 'File is larger than 10 MB' });
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await upload(owner.client, roomId, '', {
      body: stream,
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toEqual({ error: 'File is larger than 10 MB' });
  });

  it('other API bodies keep their 16 KB limit', async () => {
    const { owner } = await ownerAndGuest();
    const big = await owner.client.call('/join', { rawBody: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
  });
});

describe('a store that fails', () => {
  it('answers 503 in words when D1 fails at the quota’s first look, and stores nothing', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Down', 'Owner');
    // Every statement fails as D1 does when it cannot be reached: when it runs.
    const lost = () => Promise.reject(new Error('D1_ERROR: Network connection lost.'));
    const statement = { all: lost, run: lost, first: lost };
    const failing = { prepare: () => ({ ...statement, bind: () => statement }) };
    const c = { env: { ...env, DB: failing }, var: { user: { id: owner.user.id } } };
    const file = { name: 'a.txt', type: 'text/plain', bytes: new TextEncoder().encode('hello') };
    await expect(
      storeUpload(c as unknown as Parameters<typeof storeUpload>[0], roomId, file),
    ).rejects.toMatchObject({
      status: 503,
      message: 'The file could not be stored. Please try again.',
    });
    expect((await env.FILES.list({ prefix: `rooms/${roomId}/` })).objects).toEqual([]);
  });
});

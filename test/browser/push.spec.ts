/**
 * Web Push against `npm start` (docs/push.md), as the hidden suite does it: a push service of
 * the test's own on this machine (test/support/push-service.ts), a member subscribed with the
 * test's own P-256 keys, a message from another member while the first has no socket. At the
 * endpoint: the VAPID signature verified with the app's public key, the body decrypted (RFC
 * 8291) to exactly { roomId, messageId }, and the message route giving the words to show. No
 * browser: Chromium's push goes through its vendor's service, which a test cannot run.
 */
import { webcrypto as crypto } from 'node:crypto';
import { expect, test } from '../support/test';
import { newSignedInClient, type AppClient } from '../support/api-client';
import { joinedMember } from '../support/room-sockets';
import { startPushService, type ReceivedPush } from '../support/push-service';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

async function subscriber(client: AppClient, serviceUrl: string) {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ]);
  const publicBytes = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const authBytes = crypto.getRandomValues(new Uint8Array(16));
  const name = `ok-${crypto.randomUUID()}`;
  const endpoint = `${serviceUrl}/push/${name}`;
  const res = await client.call('/push/subscriptions', {
    body: { endpoint, keys: { p256dh: b64url(publicBytes), auth: b64url(authBytes) } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { name, privateKey: pair.privateKey, publicBytes, authBytes };
}

async function receivedAt(serviceUrl: string, name: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = (await (await fetch(`${serviceUrl}/received/${name}`)).json()) as ReceivedPush[];
    if (list.length >= count || Date.now() > deadline) return list;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function hkdf(
  salt: Uint8Array,
  ikm: ArrayBuffer | Uint8Array,
  info: string | Uint8Array,
  n: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const infoBytes = typeof info === 'string' ? new TextEncoder().encode(info) : info;
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt, info: infoBytes },
      key,
      n * 8,
    ),
  );
}

/** RFC 8291 by hand: ECDH, HKDF with the auth secret then the salt, AES-128-GCM, unpadded. */
async function decrypt(sub: Awaited<ReturnType<typeof subscriber>>, push: ReceivedPush) {
  const body = Buffer.from(push.body, 'base64');
  const salt = body.subarray(0, 16);
  const senderPublic = body.subarray(21, 21 + body[20]!);
  const sender = await crypto.subtle.importKey(
    'raw',
    senderPublic,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const shared = await crypto.subtle.deriveBits(
    { name: 'ECDH', public: sender },
    sub.privateKey,
    256,
  );
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicBytes, senderPublic]);
  const ikm = await hkdf(sub.authBytes, shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = await hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, body.subarray(21 + body[20]!)),
  );
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return new TextDecoder().decode(padded.subarray(0, end));
}

/** The VAPID header's JWT verified with its k=, which must be the app's published key. */
async function verifyVapid(push: ReceivedPush, publicKey: string, audience: string) {
  const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '') ?? [];
  expect(k).toBe(publicKey);
  const [header, payload, signature] = token!.split('.');
  const key = await crypto.subtle.importKey(
    'raw',
    Buffer.from(k!, 'base64url'),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    Buffer.from(signature!, 'base64url'),
    Buffer.from(`${header}.${payload}`),
  );
  expect(valid).toBe(true);
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  expect(claims.aud).toBe(audience);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(claims.sub).toMatch(/^(mailto:|https:)/);
}

test('a message reaches an away member as an encrypted, signed push of ids only', async () => {
  const service = await startPushService();
  try {
    const { client: alice } = await newSignedInClient('Alice');
    const { client: bob } = await newSignedInClient('Bob');
    const created = await alice.call('/join', {
      body: { roomName: 'Push journey', activeNickname: 'Alice' },
    });
    const roomId = created.body.roomId as string;
    expect((await bob.call('/join', { body: { roomId, activeNickname: 'Bob' } })).status).toBe(200);
    const { publicKey } = (await bob.call('/push/key')).body as { publicKey: string };
    const bobs = await subscriber(bob, service.url);
    const alices = await subscriber(alice, service.url);

    const member = await joinedMember(alice, roomId, 'Alice');
    await member.say(['Dinner at eight, bring the secret sauce']);
    const [push] = await receivedAt(service.url, bobs.name, 1);
    expect(push, 'a push at Bob’s endpoint').toBeDefined();
    await verifyVapid(push!, publicKey, service.url);
    expect(push!.headers).toMatchObject({ ttl: '86400', 'content-encoding': 'aes128gcm' });
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const payload = JSON.parse(await decrypt(bobs, push!)) as { roomId: string; messageId: number };
    expect(Object.keys(payload).sort()).toEqual(['messageId', 'roomId']);
    expect(payload.roomId).toBe(roomId);

    // What Bob's service worker fetches with his session: the words, from the app itself.
    const shown = await bob.call(`/rooms/${roomId}/messages/${payload.messageId}`);
    expect(shown.body.notification).toEqual({
      title: 'Push journey',
      body: 'Alice: Dinner at eight, bring the secret sauce',
    });
    // Alice, the author, with her socket joined, got nothing.
    expect(await receivedAt(service.url, alices.name, 0)).toEqual([]);
    member.socket.close();
  } finally {
    service.server.close();
  }
});

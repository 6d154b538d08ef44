/**
 * A browser's side of Web Push for the worker tests: a subscription with the test's own keys,
 * the tests' push service (test/support/push-service.ts) read back through vitest's provide, and
 * the VAPID header and body of a push checked against this runtime's env. The crypto, shared with
 * the browser tests, is in test/support/web-push-check.ts.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { expect, inject } from 'vitest';
import {
  decryptAes128gcm,
  newPushKeys,
  readAes128gcm,
  readVapid,
  type PushKeys,
} from '../../support/web-push-check';
import { workerFetch } from '../../../worker/worker-fetch';
import { ORIGIN, type Client } from './api';

declare module 'vitest' {
  export interface ProvidedContext {
    pushService: string;
  }
}

export const pushService = () => inject('pushService');

export interface Subscriber extends PushKeys {
  /** The endpoint's name at the push service. */
  name: string;
  endpoint: string;
}

export interface ReceivedPush {
  headers: Record<string, string>;
  body: string;
}

/** A new browser: its key pair and auth secret, at an endpoint named `<prefix><random>`. */
export async function newSubscriber(prefix = 'ok-'): Promise<Subscriber> {
  const name = `${prefix}${crypto.randomUUID()}`;
  return { name, endpoint: `${pushService()}/push/${name}`, ...(await newPushKeys()) };
}

/** Posts the subscription as `client`; fails the test unless it is taken (201). */
export async function subscribe(client: Client, subscriber: Subscriber) {
  const res = await client.call('/push/subscriptions', {
    body: { endpoint: subscriber.endpoint, keys: subscriber.keys },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** What the push service has received at the subscriber's endpoint so far. */
export async function received(subscriber: Subscriber): Promise<ReceivedPush[]> {
  const response = await fetch(`${pushService()}/received/${subscriber.name}`);
  return (await response.json()) as ReceivedPush[];
}

/** Waits until the endpoint has received `count` pushes, and answers them. */
export async function receivedAtLeast(subscriber: Subscriber, count: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pushes = await received(subscriber);
    if (pushes.length >= count) return pushes;
    if (Date.now() > deadline) {
      throw new Error(`${subscriber.name}: ${pushes.length} of ${count} pushes received`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The subscription rows with this endpoint in D1. */
export async function storedRows(endpoint: string) {
  const { results } = await env.DB.prepare(
    'SELECT user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?',
  )
    .bind(endpoint)
    .all<{ user_id: string; p256dh: string; auth: string }>();
  return results;
}

/**
 * Checks the push's VAPID header (RFC 8292): `vapid t=<JWT>, k=<the app's public key>`, an
 * ES256 JWT signed by that key for the push service's origin, not expired nor good for more
 * than a day, with a mailto: or https: subject. Answers the JWT's claims.
 */
export async function verifyVapid(push: ReceivedPush) {
  const vapid = await readVapid(push.headers.authorization);
  expect(vapid, push.headers.authorization).not.toBeNull();
  expect(vapid!.k).toBe((env as { VAPID_PUBLIC_KEY?: string }).VAPID_PUBLIC_KEY);
  expect(vapid!.header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  expect(vapid!.signatureValid).toBe(true);
  const { claims } = vapid!;
  expect(claims.aud).toBe(new URL(pushService()).origin);
  const now = Date.now() / 1000;
  expect(claims.exp).toBeGreaterThan(now);
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  expect(claims.sub).toMatch(/^(mailto:|https:)/);
  return claims;
}

/**
 * Decrypts a push as the browser would (RFC 8291, aes128gcm): one record, no bigger than the
 * header's record size, from a 65-byte sender key, ending on the last record's delimiter (0x02).
 * Answers the plaintext.
 */
export async function decryptPush(subscriber: Subscriber, push: ReceivedPush): Promise<string> {
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const body = readAes128gcm(push.body);
  expect(body.idLength).toBe(65);
  expect(body.ciphertext.length).toBeLessThanOrEqual(body.recordSize);
  const { plaintext, delimiter } = await decryptAes128gcm(subscriber, body);
  expect(delimiter).toBe(2); // the delimiter of the last (only) record
  return plaintext;
}

/**
 * Posts a subscription through the worker under `workerEnv` (the tests' env with other vars: a
 * deployed one's switches), as the browser would; answers the status and the body.
 */
export async function postSubscriptionIn(
  workerEnv: Env,
  client: Client,
  subscription: { endpoint: string; keys: unknown },
) {
  const ctx = createExecutionContext();
  const response = await workerFetch(
    new Request(`${ORIGIN}/api/push/subscriptions`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        Cookie: client.cookie,
        'Content-Type': 'application/json',
        'CF-Connecting-IP': client.ip,
      },
      body: JSON.stringify(subscription),
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

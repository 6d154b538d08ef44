/**
 * The push API (docs/push.md): the VAPID key, subscriptions kept, updated, moved, bounded,
 * validated and removed; http endpoints refused where the local switch is off. What a service
 * worker reads for a push, GET /api/rooms/:roomId/messages/:messageId: push-message-route.test.ts.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_MAX } from '../../contract/push';
import { base64Url } from '../support/web-push-check';
import { Client, signedInClient } from './support/api';
import { watchMailbox } from './support/mailbox';
import { newSubscriber, postSubscriptionIn, storedRows, subscribe } from './support/push';

const subscriptionBody = (endpoint: string, keys: { p256dh: string; auth: string }) => ({
  body: { endpoint, keys },
});

async function rowsOf(userId: string) {
  const { results } = await env.DB.prepare(
    'SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at',
  )
    .bind(userId)
    .all<{ endpoint: string }>();
  return results.map((row) => row.endpoint);
}

describe('GET /api/push/key', () => {
  it('gives a signed-in caller the VAPID public key, a 65-byte uncompressed point', async () => {
    const { client } = await signedInClient();
    const res = await client.call('/push/key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toBe((env as { VAPID_PUBLIC_KEY?: string }).VAPID_PUBLIC_KEY);
    const bytes = Uint8Array.from(
      atob(res.body.publicKey.replace(/-/g, '+').replace(/_/g, '/')),
      (c) => c.charCodeAt(0),
    );
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('answers 401 to a caller signed out', async () => {
    const { client } = await signedInClient();
    client.cookie = '';
    expect((await client.call('/push/key')).status).toBe(401);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('keeps a subscription, updates it when posted again, and removes only the caller’s own', async () => {
    const { client, user } = await signedInClient();
    const browser = await newSubscriber();
    await subscribe(client, browser);
    const renewed = await newSubscriber();
    // The same endpoint with new keys: one row, the new keys.
    await subscribe(client, { ...browser, keys: renewed.keys });
    expect(await storedRows(browser.endpoint)).toEqual([
      { user_id: user.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth },
    ]);

    // Someone else's DELETE of it changes nothing, and answers as for their own.
    const other = await signedInClient();
    const foreign = await other.client.call('/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: browser.endpoint },
    });
    expect(foreign.status).toBe(204);
    expect(await storedRows(browser.endpoint)).toHaveLength(1);

    const own = await client.call('/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: browser.endpoint },
    });
    expect(own.status).toBe(204);
    expect(await storedRows(browser.endpoint)).toEqual([]);
  });

  it('moves an endpoint another account had to the caller (the browser is theirs now)', async () => {
    const first = await signedInClient();
    const second = await signedInClient();
    const browser = await newSubscriber();
    await subscribe(first.client, browser);
    await subscribe(second.client, browser);
    expect(await storedRows(browser.endpoint)).toEqual([
      expect.objectContaining({ user_id: second.user.id }),
    ]);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_MAX} per account: the next replaces the oldest`, async () => {
    const { client, user } = await signedInClient();
    const browsers = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_MAX; i++) {
      const browser = await newSubscriber();
      browsers.push(browser);
      await subscribe(client, browser);
    }
    const kept = await rowsOf(user.id);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(kept).not.toContain(browsers[0]!.endpoint);
    expect(kept).toContain(browsers.at(-1)!.endpoint);

    // Posted at once, they still leave ten.
    const more = await Promise.all(Array.from({ length: 6 }, () => newSubscriber()));
    const answers = await Promise.all(
      more.map((browser) =>
        client.call('/push/subscriptions', subscriptionBody(browser.endpoint, browser.keys)),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(more.map(() => 201));
    expect(await rowsOf(user.id)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
  });

  it('refuses what is not a browser subscription, with a clear 400', async () => {
    const { client } = await signedInClient();
    const good = await newSubscriber();
    const compressed = base64Url(new Uint8Array([2, ...new Uint8Array(32).fill(7)]));
    const notOnCurve = base64Url(new Uint8Array([4, ...new Uint8Array(64).fill(1)]));
    const cases: [unknown, RegExp][] = [
      [{}, /endpoint/],
      [{ endpoint: 'not a url', keys: good.keys }, /absolute URL/],
      [{ endpoint: 'ftp://push.example.com/x', keys: good.keys }, /https/],
      [{ endpoint: `https://push.example.com/${'x'.repeat(1100)}`, keys: good.keys }, /long/],
      [{ endpoint: 'https://user:pw@push.example.com/x', keys: good.keys }, /credentials/],
      [{ endpoint: 'https://10.0.0.1/x', keys: good.keys }, /public internet/],
      [{ endpoint: 'https://[::1]/x', keys: good.keys }, /public internet/],
      [{ endpoint: 'http://192.168.1.2:8080/x', keys: good.keys }, /https/],
      [{ endpoint: good.endpoint }, /keys/],
      [{ endpoint: good.endpoint, keys: { ...good.keys, p256dh: 'abc' } }, /p256dh/],
      [{ endpoint: good.endpoint, keys: { ...good.keys, p256dh: compressed } }, /p256dh/],
      [{ endpoint: good.endpoint, keys: { ...good.keys, p256dh: notOnCurve } }, /p256dh/],
      [{ endpoint: good.endpoint, keys: { ...good.keys, p256dh: 'a!'.repeat(44) } }, /p256dh/],
      [
        { endpoint: good.endpoint, keys: { ...good.keys, auth: base64Url(new Uint8Array(8)) } },
        /auth/,
      ],
    ];
    for (const [body, error] of cases) {
      const res = await client.call('/push/subscriptions', { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect(await storedRows(good.endpoint)).toEqual([]);
  });

  it('refuses an endpoint not written as a browser writes it, whose size the queue cannot bound', async () => {
    // A URL parser drops tabs and percent-encodes control characters, so these reach the same
    // push service; kept as typed, each \u0001 is 6 bytes of a queue message's JSON.
    const { client } = await signedInClient();
    const good = await newSubscriber();
    for (const endpoint of [
      `${good.endpoint}/${'\u0001'.repeat(900)}x`,
      `${good.endpoint}${'\t'.repeat(900)}`,
      good.endpoint.replace('/push/', '/PUSH/../push/'),
    ]) {
      const res = await client.call('/push/subscriptions', { body: { endpoint, keys: good.keys } });
      expect(res.status, JSON.stringify(endpoint).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(/endpoint/);
      expect(await storedRows(endpoint)).toEqual([]);
    }
  });

  it('refuses callers signed out and other sites', async () => {
    const { client } = await signedInClient();
    const browser = await newSubscriber();
    const body = subscriptionBody(browser.endpoint, browser.keys);
    const crossSite = await client.call('/push/subscriptions', {
      ...body,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const signedOut = new (client.constructor as new () => Client)();
    expect((await signedOut.call('/push/subscriptions', body)).status).toBe(401);
    expect(await storedRows(browser.endpoint)).toEqual([]);
  });

  it('refuses http endpoints on this machine where LOCAL_PUSH_ENDPOINTS is not set', async () => {
    const { client } = await signedInClient();
    const browser = await newSubscriber();
    const deployed = { ...env, LOCAL_PUSH_ENDPOINTS: undefined } as Env;
    for (const endpoint of [browser.endpoint, 'https://localhost/push', 'https://127.0.0.1/x']) {
      const res = await postSubscriptionIn(deployed, client, { endpoint, keys: browser.keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.error).toMatch(/https|public/);
    }
    // The same request with the switch on (npm start, these tests) is taken.
    await subscribe(client, browser);
  });

  it('leaves with the account', async () => {
    const { client, user, account } = await signedInClient();
    const browser = await newSubscriber();
    await subscribe(client, browser);
    const deleted = await client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: account.password },
    });
    expect(deleted.status).toBe(200);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('is forgotten when a password reset ends every session', async () => {
    // Whoever had the session could subscribe an endpoint of their own: with the password
    // reset, it must not go on hearing the account's rooms (their ids are how one joins).
    const mailbox = watchMailbox();
    try {
      const { client, user, account } = await signedInClient();
      await subscribe(client, await newSubscriber());
      await new Client().call('/auth/reset-password/forgot', { body: { email: account.email } });
      const token = (await mailbox.resetLinkFor(account.email)).split('/').pop();
      const reset = await new Client().call('/auth/reset-password/reset', {
        body: { token, newPassword: 'brand-new-pass' },
      });
      expect(reset.status).toBe(200);
      expect(await rowsOf(user.id)).toEqual([]);
    } finally {
      mailbox.restore();
    }
  });

  it('is forgotten when an email change ends every session', async () => {
    const mailbox = watchMailbox();
    try {
      const { client, user, account } = await signedInClient();
      await subscribe(client, await newSubscriber());
      const newEmail = `moved-${account.email}`;
      const asked = await client.call('/auth/settings/email', {
        method: 'PUT',
        body: { currentPassword: account.password, newEmail },
      });
      expect(asked.status).toBe(200);
      const done = await new Client().call('/auth/verify-email', {
        body: { token: await mailbox.verifyTokenFor(newEmail) },
      });
      expect(done.status).toBe(200);
      expect(await rowsOf(user.id)).toEqual([]);
    } finally {
      mailbox.restore();
    }
  });
});

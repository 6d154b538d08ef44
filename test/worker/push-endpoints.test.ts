/**
 * Which endpoints a subscription may name (docs/push.md, Validation): deployed, only the
 * browsers' push services on https's default port, and the hosts PUSH_SERVICE_HOSTS adds for a
 * self-hosted one. Any https host would make the push consumer a request flooder aimed where
 * accounts point their subscriptions, and names like 127.0.0.1.nip.io reach private addresses.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { endpointRules } from '../../worker/push/push-config';
import { endpointProblem, UNKNOWN_PUSH_SERVICE } from '../../worker/push/push-endpoint';
import { newPushKeys } from '../support/web-push-check';
import { signedInClient, type Client } from './support/api';
import { postSubscriptionIn, storedRows } from './support/push';

const BROWSERS = [
  'https://fcm.googleapis.com/fcm/send/dGhpcyBpcyBub3QgYSB0b2tlbg:APA91bH',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
  'https://web.push.apple.com/QGk1c2VsZg',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
];

const STRANGERS = [
  'https://push.example.com/x',
  'https://127.0.0.1.nip.io/x',
  'https://victim.example/api/expensive',
  'https://fcm.googleapis.com:8443/fcm/send/x',
  'https://fcm.googleapis.com.evil.example/fcm/send/x',
  'https://notify.windows.com/w/?token=x',
  'https://evilnotify.windows.com/w/?token=x',
];

/** Posts a subscription through the worker with `vars` over the tests' env. */
async function subscribeWith(client: Client, endpoint: string, vars: Partial<Env>) {
  const { keys } = await newPushKeys();
  return postSubscriptionIn({ ...env, ...vars } as Env, client, { endpoint, keys });
}

describe('push endpoints', () => {
  it('takes the browsers’ push services and refuses any other host or port with a 400', async () => {
    const { client } = await signedInClient();
    for (const endpoint of BROWSERS) {
      const res = await client.call('/push/subscriptions', {
        body: { endpoint, keys: (await newPushKeys()).keys },
      });
      expect(res.status, endpoint).toBe(201);
    }
    for (const endpoint of STRANGERS) {
      const res = await client.call('/push/subscriptions', {
        body: { endpoint, keys: (await newPushKeys()).keys },
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.error, endpoint).toBe(UNKNOWN_PUSH_SERVICE);
      expect(await storedRows(endpoint)).toEqual([]);
    }
  });

  it('takes a self-hosted service’s host once PUSH_SERVICE_HOSTS names it', async () => {
    const { client } = await signedInClient();
    const own = 'https://push.example.org/sub/1';
    const under = 'https://eu.push.example.net/sub/2';
    const deployed = { LOCAL_PUSH_ENDPOINTS: undefined } as Partial<Env>;
    expect((await subscribeWith(client, own, deployed)).body.error).toBe(UNKNOWN_PUSH_SERVICE);
    const listed = { ...deployed, PUSH_SERVICE_HOSTS: ' Push.example.org, *.push.example.net ' };
    expect((await subscribeWith(client, own, listed)).status).toBe(201);
    expect((await subscribeWith(client, under, listed)).status).toBe(201);
    // '*.' is the hosts under the domain, not the domain; and still port 443 only.
    for (const endpoint of ['https://push.example.net/x', 'https://push.example.org:444/x']) {
      expect((await subscribeWith(client, endpoint, listed)).status, endpoint).toBe(400);
    }
  });

  it('is the same rule for the consumer, which never fetches a row it would refuse', () => {
    const rules = endpointRules({ PUSH_SERVICE_HOSTS: '' });
    expect(rules).toEqual({ allowLocal: false, extraHosts: [] });
    for (const endpoint of BROWSERS) expect(endpointProblem(endpoint, rules)).toBeNull();
    for (const endpoint of STRANGERS) {
      expect(endpointProblem(endpoint, rules), endpoint).toBe(UNKNOWN_PUSH_SERVICE);
    }
    expect(endpointProblem('http://127.0.0.1:8787/push/x', rules)).toMatch(/https/);
    const local = endpointRules({ LOCAL_PUSH_ENDPOINTS: true });
    expect(endpointProblem('http://127.0.0.1:8787/push/x', local)).toBeNull();
  });
});

/**
 * client/lib/push-subscription.ts in jsdom, with a stand-in for the browser's service worker
 * and push manager: a subscription is made for the app's key and posted; one made for another
 * key is replaced; nothing happens without the permission or a registered worker; signing out
 * deletes the browser's subscription at the server before ending it, and closes what the pushes
 * showed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushAvailability } from '../../client/lib/push-availability';
import { subscribeToPush, unsubscribeFromPush } from '../../client/lib/push-subscription';
import { logout } from '../../client/lib/session/logout';

const APP_KEY =
  'BAJaSMDZiNUVc9p2viEHXrTRpIw8PE8sDqvDMLbkR5_uwa3UteAYMqi4FKszveICd7eagamC3byzBR7dMXQntHg';
const keyBytes = (key: string) =>
  Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
}

function fakeSubscription(endpoint: string, key: Uint8Array): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p256dh-of-' + endpoint, auth: 'auth' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

let existing: FakeSubscription | null;
let registered: boolean;
/** What the service worker shows now (its pushes' notifications). */
let shown: { title: string; close: () => void }[];
const subscribe = vi.fn();
const calls: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  existing = null;
  registered = true;
  shown = [];
  calls.length = 0;
  subscribe.mockReset();
  subscribe.mockImplementation(
    async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) =>
      fakeSubscription('https://push.example.com/new', applicationServerKey),
  );
  const registration = {
    pushManager: { getSubscription: async () => existing, subscribe },
    getNotifications: async () => [...shown],
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      getRegistration: async () => (registered ? registration : undefined),
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(init.body as string) : undefined,
      });
      const body = url.endsWith('/push/key') ? JSON.stringify({ publicKey: APP_KEY }) : '{}';
      return new Response(body, { status: url.endsWith('/push/key') ? 200 : 201 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('subscribeToPush', () => {
  it('subscribes with the app’s key, user-visible only, and posts the subscription', async () => {
    await subscribeToPush();
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...keyBytes(APP_KEY)]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/push/key',
      'POST /api/push/subscriptions',
    ]);
    expect(calls[1]!.body).toEqual({
      endpoint: 'https://push.example.com/new',
      keys: { p256dh: 'p256dh-of-https://push.example.com/new', auth: 'auth' },
    });
  });

  it('posts the subscription it has again, and replaces one made for another key', async () => {
    existing = fakeSubscription('https://push.example.com/kept', keyBytes(APP_KEY));
    await subscribeToPush();
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls[1]!.body).toMatchObject({ endpoint: 'https://push.example.com/kept' });

    calls.length = 0;
    const old = fakeSubscription('https://push.example.com/old', new Uint8Array(65).fill(4));
    existing = old;
    await subscribeToPush();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(calls[1]!.body).toMatchObject({ endpoint: 'https://push.example.com/new' });
  });

  it('does nothing without the permission or a registered service worker', async () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    expect(await subscribeToPush()).toBe(false);
    vi.stubGlobal('Notification', { permission: 'granted' });
    // Not registered yet (the page registers it once idle): not a browser that cannot.
    registered = false;
    expect(await subscribeToPush()).toBe(true);
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('says whether this browser can take pushes: not when it refuses a subscription', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await subscribeToPush()).toBe(true);

    // A private window's push manager, which refuses every subscription.
    subscribe.mockRejectedValueOnce(new DOMException('Registration failed', 'AbortError'));
    expect(await subscribeToPush()).toBe(false);

    // Offline: the browser could, the app was not reached; the next start posts it.
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await subscribeToPush()).toBe(true);
  });

  it('keeps what it learnt for the bell’s menu, whoever asked (the session at the start)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    subscribe.mockRejectedValueOnce(new DOMException('Registration failed', 'AbortError'));
    await subscribeToPush();
    expect(pushAvailability.unavailable()).toBe(true);
    await subscribeToPush();
    expect(pushAvailability.unavailable()).toBe(false);
  });
});

describe('unsubscribeFromPush', () => {
  it('deletes the subscription at the server, then ends it in the browser', async () => {
    existing = fakeSubscription('https://push.example.com/mine', keyBytes(APP_KEY));
    let callsBeforeUnsubscribe = -1;
    existing.unsubscribe.mockImplementation(async () => {
      callsBeforeUnsubscribe = calls.length;
      return true;
    });
    await unsubscribeFromPush();
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/push/subscriptions',
        body: { endpoint: 'https://push.example.com/mine' },
      },
    ]);
    // The server heard first: after the sign-out it could not tell whose it was.
    expect(callsBeforeUnsubscribe).toBe(1);
  });
});

describe('signing out', () => {
  it('closes the notifications the service worker shows of the account’s rooms', async () => {
    const notification = (title: string) => {
      const one = { title, close: () => (shown = shown.filter((other) => other !== one)) };
      return one;
    };
    // 'Book club' / 'Ada: the door code is 4521', on the screen of a shared computer.
    shown = [notification('Book club'), notification('Ada mentioned you in Book club')];
    await logout();
    expect(shown).toEqual([]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /api/auth/logout');
  });
});

/**
 * A connection that never strands you. The page's sockets can be severed by the test
 * (Chromium's setOffline leaves open WebSockets open): a drop shows 'Reconnecting…' at
 * once, a message typed meanwhile shows 'Sending…' and reaches the other person once; after the
 * retries run out, 'Connection lost.' with a Reconnect button, and the browser coming back
 * online reconnects by itself. Thirty messages typed at once all go, paced under the room's
 * limit; one refused as too fast (the person's allowance spent on another device) goes again in
 * its turn, and a send the room refuses leaves its text in the box with the reason.
 */
import { expect, test, type Page } from '../support/test';
import { SENDING_TOO_FAST } from '../../contract/realtime';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';
import { installSkippableClock, skipWaitsUntil } from '../support/skip-waits';

/**
 * The page's network as the chat sees it: `cut()` closes its open WebSockets, and until
 * `restore()` every new one fails to connect, as it would with the network gone (a refused
 * upgrade, so the error comes at once, not after a timeout).
 */
async function severable(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    let down = false;
    const open = new Set<WebSocket>();
    class Severable extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(down ? String(url).replace('/socket.io/', '/no-such-socket/') : url, protocols);
        open.add(this);
        this.addEventListener('close', () => open.delete(this));
      }
    }
    window.WebSocket = Severable;
    (window as unknown as { network: object }).network = {
      cut() {
        down = true;
        for (const ws of open) ws.close();
      },
      restore() {
        down = false;
      },
    };
  });
  const call = (action: 'cut' | 'restore') =>
    page.evaluate((name) => {
      (window as unknown as { network: Record<string, () => void> }).network[name]!();
    }, action);
  return { cut: () => call('cut'), restore: () => call('restore') };
}

/** Alice and Bob in one room, each on the chat screen; `beforeChat` runs on Alice's page first. */
async function twoInARoom(
  browser: Parameters<Parameters<typeof test>[2]>[0]['browser'],
  beforeChat?: (page: Page) => Promise<unknown>,
) {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Tunnel' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const [a, b] = [await newPerson(browser), await newPerson(browser)];
  const network = await severable(a);
  await logIn(a, alice.account.email);
  await logIn(b, bob.account.email);
  await expect(a).not.toHaveURL(/\/login/);
  await expect(b).not.toHaveURL(/\/login/);
  await beforeChat?.(a);
  await a.goto(`/chat/${room.roomId}`);
  await b.goto(`/chat/${room.roomId}`);
  for (const page of [a, b]) {
    await expect(page.getByText('No messages yet...')).toBeVisible();
    await expect(page.getByLabel('Connected', { exact: true })).toBeVisible();
  }
  return { a, b, network };
}

async function type(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('a drop shows at once, sends wait as Sending…, and after the retries a Reconnect button', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { a, b, network } = await twoInARoom(browser, installSkippableClock);
  const stamp = Date.now();

  await network.cut();
  await expect(a.getByRole('status', { name: 'Reconnecting…' })).toHaveText('Reconnecting…');
  await type(a, `while-down-${stamp}`);
  await expect(a.getByText('Sending…')).toBeVisible();
  await expect(a.getByRole('dialog')).toHaveCount(0);
  await network.restore();
  await expect(b.getByText(`while-down-${stamp}`, { exact: true })).toHaveCount(1);
  await expect(a.getByText('Sending…')).toHaveCount(0);
  await expect(a.getByRole('status', { name: 'Reconnecting…' })).toHaveCount(0);
  await expect(a.getByText(`while-down-${stamp}`, { exact: true })).toHaveCount(1);

  // A long outage: the five attempts run out, the status says so and offers a way back.
  await network.cut();
  await type(a, `after-giving-up-${stamp}`);
  await skipWaitsUntil(a, a.getByText('Connection lost.'));
  await expect(a.getByText('Sending…')).toBeVisible();
  await expect(a.getByRole('dialog')).toHaveCount(0);
  await network.restore();
  await a.getByRole('button', { name: 'Reconnect' }).click();
  await expect(a.getByLabel('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(b.getByText(`after-giving-up-${stamp}`, { exact: true })).toHaveCount(1);
  await expect(a.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);

  // Again, and this time the browser coming back online brings the chat back by itself.
  await network.cut();
  await skipWaitsUntil(a, a.getByText('Connection lost.'));
  await network.restore();
  await a.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(a.getByLabel('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await type(a, `back-online-${stamp}`);
  await expect(b.getByText(`back-online-${stamp}`, { exact: true })).toHaveCount(1);
});

test('thirty typed at once all arrive, in order, paced under the room’s limit', async ({
  browser,
}) => {
  const { a, b } = await twoInARoom(browser);
  const box = a.getByRole('textbox', { name: 'Message' });
  // The room takes bursts of 10 and then about 5 a second: the page paces what it sends.
  await box.evaluate((textarea: HTMLTextAreaElement) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    for (let i = 1; i <= 30; i++) {
      setValue.call(textarea, `fast-${i}`);
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
      textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }
  });
  await expect(b.getByText('fast-30', { exact: true })).toBeVisible({ timeout: 20_000 });
  const texts = await b.getByRole('listitem').allTextContents();
  const order = Array.from({ length: 30 }, (_, i) =>
    texts.findIndex((text) => text.startsWith(`fast-${i + 1}Alice`)),
  );
  expect(order.every((index) => index >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((x, y) => x - y));
  await expect(a.getByText(/^Not sent:/)).toHaveCount(0);
  await expect(box).toHaveValue('');
});

test('a send refused as too fast goes again in order; one the room refuses keeps its text', async ({
  browser,
}) => {
  // The room refuses a send as too fast when the person's allowance is spent, by any of their
  // tabs and devices. A real flood races the allowance's refill, so which send is refused is
  // left to chance: here the page's socket answers its sends as the room then would, for as long
  // as `refusing` holds, and passes everything else through to the room.
  let refusing = true;
  let refused = 0;
  const { a, b } = await twoInARoom(browser, (page) =>
    page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        const send = typeof frame === 'string' && /^42(\d+)\["sendMessage",/.exec(frame);
        if (!send || !refusing) return server.send(frame);
        refused++;
        ws.send(
          `43${send[1]}${JSON.stringify([{ error: SENDING_TOO_FAST, code: 'rate_limited' }])}`,
        );
      });
    }),
  );
  const box = a.getByRole('textbox', { name: 'Message' });
  for (const text of ['too soon', 'and then']) {
    await box.fill(text);
    await box.press('Enter');
  }
  // Refused meanwhile, they wait as Sending…, in the list and not in the box, and the first is
  // tried again (about once a second) before the second is tried at all.
  await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  await expect(a.getByText('Sending…')).toHaveCount(2);
  await expect(box).toHaveValue('');
  await expect(b.getByText('too soon', { exact: true })).toHaveCount(0);
  refusing = false;
  await expect(b.getByText('and then', { exact: true })).toHaveCount(1, { timeout: 10_000 });
  const texts = await b.getByRole('listitem').allTextContents();
  const soon = texts.findIndex((text) => text.startsWith('too soonAlice'));
  const then = texts.findIndex((text) => text.startsWith('and thenAlice'));
  expect(soon).toBeGreaterThanOrEqual(0);
  expect(then).toBeGreaterThan(soon);
  await expect(b.getByText('too soon', { exact: true })).toHaveCount(1);
  await expect(a.getByText('Sending…')).toHaveCount(0);
  await expect(a.getByText(/^Not sent:/)).toHaveCount(0);

  // Nothing but invisible characters: the room refuses it, and the text stays to be fixed.
  await box.fill('\u200B\u200B');
  await box.press('Enter');
  const reason = a.getByRole('alert').filter({ hasText: 'Message cannot be empty' });
  await expect(reason).toBeVisible();
  await expect(box).toHaveValue('\u200B\u200B');
});

/**
 * A real cut: every socket of the page goes through a pass-through the test can sever (Chromium's
 * setOffline leaves open WebSockets open). Messages typed while the connection is down wait in
 * the outbox and arrive once each, in order, for the sender and for someone else, once the
 * connection is back: more of them than the room takes in one burst, so the outbox must pace
 * them rather than have the room refuse the rest. And on a good connection, a text sent is never on screen twice, not even
 * between its acknowledgement and its broadcast.
 */
import { expect, test, type Page } from '../support/test';
import { severable } from '../support/severable-socket';
import { newPerson, signUpAndLogIn } from '../support/browser-users';
import { installSkippableClock, skipWaitsUntil } from '../support/skip-waits';
import { createRoom, joinByInvite } from '../support/browser-rooms';

async function say(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The texts of the list's messages, in the order shown. */
async function shownTexts(page: Page) {
  return page.getByRole('listitem').allTextContents();
}

function orderOf(texts: string[], wanted: string[]) {
  return wanted.map((w) => texts.findIndex((t) => t.includes(w)));
}

test('messages typed while the connection is cut arrive once each, in order, when it is back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const alice = await newPerson(browser);
  const bob = await newPerson(browser);
  const network = await severable(alice);
  await installSkippableClock(alice);
  await signUpAndLogIn(alice, `o-alice-${stamp}@example.com`, 'Alice');
  const roomId = await createRoom(alice, 'Outbox');
  await signUpAndLogIn(bob, `o-bob-${stamp}@example.com`, 'Bob');
  await joinByInvite(bob, roomId);

  const before = `before-${stamp}`;
  await say(alice, before);
  await expect(bob.getByText(before, { exact: true })).toBeVisible();
  expect(network.connections).toBe(1);

  await network.cut();
  await expect(alice.getByLabel('Not connected')).toBeVisible();
  // More than the room's burst of ten.
  const typed = Array.from({ length: 14 }, (_, i) => `while-cut-${i + 1}-${stamp}`);
  for (const text of typed) await say(alice, text);
  // Nothing got through meanwhile.
  await alice.waitForTimeout(1000);
  for (const text of typed) await expect(bob.getByText(text, { exact: true })).toHaveCount(0);

  network.restore();
  await skipWaitsUntil(alice, alice.getByLabel('Connected', { exact: true }));
  for (const page of [alice, bob]) {
    for (const text of [before, ...typed]) {
      await expect(page.getByText(text, { exact: true })).toHaveCount(1, { timeout: 15_000 });
    }
  }
  // Stays once: no late duplicate from a resend.
  await alice.waitForTimeout(1500);
  for (const page of [alice, bob]) {
    for (const text of [before, ...typed]) {
      await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    }
    const positions = orderOf(await shownTexts(page), [before, ...typed]);
    expect(positions[0]).toBeGreaterThanOrEqual(0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  }
  // Nothing came back to the box refused.
  await expect(alice.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(alice.getByText(/^Not sent:/)).toHaveCount(0);
});

test('a sent text is on screen once at every moment, from Enter until it is stored', async ({
  browser,
}) => {
  const stamp = Date.now();
  const alice = await newPerson(browser);
  await signUpAndLogIn(alice, `once-${stamp}@example.com`, 'Alice');
  await createRoom(alice, 'Once');

  const texts = Array.from({ length: 6 }, (_, i) => `once-${i}-${stamp}`);
  // After every change to the page, how many times each text is shown: the most ever seen.
  await alice.evaluate((watched) => {
    const most: Record<string, number> = Object.fromEntries(watched.map((t) => [t, 0]));
    const count = (text: string) =>
      [...document.body.querySelectorAll('*')].filter((el) =>
        [...el.childNodes].some((node) => node.nodeType === 3 && node.textContent === text),
      ).length;
    new MutationObserver(() => {
      for (const text of watched) most[text] = Math.max(most[text]!, count(text));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { mostShown: most });
  }, texts);

  // Sent as fast as the box takes them, so acknowledgements and broadcasts interleave.
  for (const text of texts) await say(alice, text);
  for (const text of texts) {
    await expect(alice.getByText(text, { exact: true })).toHaveCount(1);
  }
  await expect(alice.locator('[data-pending]')).toHaveCount(0);
  const most = await alice.evaluate(() => (window as unknown as { mostShown: object }).mostShown);
  expect(most).toEqual(Object.fromEntries(texts.map((t) => [t, 1])));
});

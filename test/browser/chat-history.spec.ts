/**
 * A room with more history than one page: the chat opens at the newest messages, scrolling to
 * the top loads older pages while the message in view stays put, until the room's beginning.
 * The header names the room and who is online, the tab's title names it, and each message
 * carries its time. Markdown reaches a second person as formatting, HTML as text.
 */
import { expect, test, type Page } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';
import { joinedMember } from '../support/room-sockets';

const shownIds = (page: Page) =>
  page
    .locator('li[data-message-id]')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-message-id'))));

test('scrolling back through 121 messages keeps your place and ends at the beginning', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'History Room' } });
  const others = await Promise.all(['Bob', 'Carol', 'Dave'].map((n) => newSignedInClient(n)));
  for (const other of others) await other.client.call('/join', { body: { roomId: room.roomId } });

  const writers = [
    await joinedMember(alice.client, room.roomId, 'Alice'),
    ...(await Promise.all(
      others.map((o) => joinedMember(o.client, room.roomId, o.account.nickname)),
    )),
  ];
  await writers[0]!.say(['The very first message']);
  await Promise.all(
    writers.map((w, i) => w.say(Array.from({ length: 30 }, (_, n) => `w${i}-${n + 1}`))),
  );
  for (const w of writers.slice(0, 3)) w.socket.close();

  const page = await newPerson(browser);
  await logIn(page, alice.account.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/chat/${room.roomId}`);
  await expect(page.getByText('w3-30', { exact: true })).toBeVisible();
  await expect(page.getByText('The very first message')).toHaveCount(0);
  expect(await shownIds(page)).toHaveLength(50);

  // Where you are: the room's name in the header and the tab, and who is online.
  await expect(page.getByRole('heading', { level: 1, name: 'History Room' })).toBeVisible();
  await expect(page).toHaveTitle(/History Room/);
  await page.getByRole('button', { name: /2 online/ }).click();
  const online = page.getByRole('dialog', { name: 'People online' });
  await expect(online.getByText('Alice', { exact: true })).toBeVisible();
  await expect(online.getByText('Dave', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // When: each message has its time, the full date on hover, and the day is named.
  const time = page.locator('li[data-message-id] time').last();
  const iso = await time.getAttribute('datetime');
  expect(Math.abs(Date.parse(iso!) - Date.now())).toBeLessThan(5 * 60_000);
  expect(await time.getAttribute('title')).toMatch(/\d{4}/);
  await expect(time).toHaveText(/\d{1,2}[:.]\d{2}/);
  await expect(page.getByRole('separator', { name: 'Today' })).toHaveCount(1);

  // Scroll to the top: the message that was first stays where it was when the page goes in.
  const firstId = (await shownIds(page))[0]!;
  const first = page.locator(`li[data-message-id="${firstId}"]`);
  const topBefore = await first.evaluate((item) => {
    window.scrollTo(0, 0);
    return item.getBoundingClientRect().top;
  });
  await expect.poll(async () => (await shownIds(page)).length).toBeGreaterThan(50);
  await page.waitForTimeout(300);
  const topAfter = await first.evaluate((item) => item.getBoundingClientRect().top);
  expect(Math.abs(topAfter - topBefore)).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  // On up to the room's first message.
  const beginning = page.getByText('This is the beginning of History Room');
  for (let i = 0; i < 10 && !(await beginning.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(700);
  }
  await expect(beginning).toBeVisible();
  await expect(page.getByText('The very first message')).toBeVisible();
  const ids = await shownIds(page);
  expect(ids).toHaveLength(121);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  writers[3]!.socket.close();
});

test('Markdown reaches the other person as formatting; HTML and script links stay text', async ({
  browser,
}) => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Formatting' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const [a, b] = [await newPerson(browser), await newPerson(browser)];
  await logIn(a, alice.account.email);
  await logIn(b, bob.account.email);
  await expect(b).not.toHaveURL(/\/login/);
  await a.goto(`/chat/${room.roomId}`);
  await b.goto(`/chat/${room.roomId}`);
  await expect(b.getByText('No messages yet...')).toBeVisible();

  const box = a.getByRole('textbox', { name: 'Message' });
  await box.fill(
    [
      '**bold** *italic* `inline <code>` [a link](https://example.com/x) <b>not bold</b>',
      '- one',
      '- two',
      '```',
      '<script>alert(1)</script>',
      '```',
      '[bad](javascript:alert(1))',
    ].join('\n'),
  );
  await box.press('Enter');

  const log = b.getByRole('log', { name: 'Messages' });
  await expect(log.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expect(log.locator('em', { hasText: 'italic' })).toBeVisible();
  await expect(log.locator('code', { hasText: 'inline <code>' })).toBeVisible();
  await expect(log.getByText('<b>not bold</b>')).toBeVisible();
  const link = log.getByRole('link', { name: 'a link' });
  await expect(link).toHaveAttribute('href', 'https://example.com/x');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(log.getByRole('listitem').filter({ hasText: /^one$/ })).toBeVisible();
  await expect(log.locator('pre code')).toHaveText('<script>alert(1)</script>');
  await expect(log.getByText('[bad](javascript:alert(1))')).toBeVisible();
  await expect(log.getByRole('link')).toHaveCount(1);
  await expect(log.locator('script, b')).toHaveCount(0);

  // The help dialog, opened from the chat screen, lists the syntax.
  await b.getByRole('button', { name: 'Help' }).click();
  const help = b.getByRole('dialog', { name: /help/ });
  await expect(help.getByRole('heading', { name: 'Formatting messages' })).toBeVisible();
  await expect(help.getByText('**bold**')).toBeVisible();
  await b.keyboard.press('Escape');

  // The room list's excerpt is plain text.
  await b.goto('/');
  await expect(
    b.getByText(/bold italic inline <code> a link <b>not bold<\/b> one two/),
  ).toBeVisible();
});

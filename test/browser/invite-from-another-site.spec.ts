/**
 * Another site tries to put a visitor in its room: by a link, by sending the tab to /join,
 * /invite or /auto-join with a script, by flashing /invite in a pop-up, or by bouncing a
 * signed-out visitor through /invite before they sign in. Nobody is joined without a click on
 * the invitation's prompt, and that one click joins.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newSignedInClient } from '../support/api-client';
import { field, logIn, newPerson, register, signUpAndLogIn } from '../support/browser-users';
import { expect, test, type Page } from '../support/test';

let attackerSite: Server;
let attackerOrigin = '';

/**
 * The other site: `?target=` is a link to follow, `?go=` sends the tab there by script, and
 * `?popup=` opens it in a pop-up on a click (the test closes it once it showed).
 */
function attackerPage(url: URL): string {
  const target = JSON.stringify(url.searchParams.get('target') ?? '');
  const go = JSON.stringify(url.searchParams.get('go') ?? '');
  const popup = JSON.stringify(url.searchParams.get('popup') ?? '');
  return `<!doctype html><title>Free prizes</title>
<a id="bait" href=${target}>Win</a>
<button id="prize">Claim</button>
<script>
  if (${go}) location = ${go};
  document.getElementById('prize').onclick = () => window.open(${popup});
</script>`;
}

test.beforeAll(async () => {
  // Another origin (another port is another site as far as the browser's origin checks go).
  attackerSite = createServer((request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end(attackerPage(new URL(request.url ?? '/', 'http://x')));
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attackerSite.address() as AddressInfo).port}`;
});

test.afterAll(() => attackerSite.close());

/** A room made by its owner through the API: the trap. */
async function trapRoom(name: string) {
  const owner = await newSignedInClient('Trapper');
  const made = await owner.client.call('/join', { body: { roomName: name } });
  return made.body.roomId as string;
}

async function roomsOf(page: Page): Promise<string[]> {
  const rooms = await page.request.get('/api/rooms');
  return ((await rooms.json()) as { roomId: string }[]).map((room) => room.roomId);
}

const attacker = (mode: 'target' | 'go' | 'popup', url: string) =>
  `${attackerOrigin}/?${mode}=${encodeURIComponent(url)}`;

test('a link or a script from another site shows the room and joins only on Join', async ({
  browser,
  baseURL,
}) => {
  const roomId = await trapRoom('Lure room');
  const visitor = await newPerson(browser);
  await signUpAndLogIn(visitor, `visitor-${Date.now()}@example.com`, 'Visitor');

  const paths = [`/auto-join?room=${roomId}`, `/invite?room=${roomId}`, `/join?room=${roomId}`];
  for (const path of paths) {
    await visitor.goto(attacker('target', `${baseURL}${path}`));
    await visitor.locator('#bait').click();
    await expect(visitor.getByRole('heading', { name: 'Join "Lure room"?' })).toBeVisible();
    expect(await roomsOf(visitor)).toEqual([]);

    await visitor.goto(attacker('go', `${baseURL}${path}`));
    await expect(visitor.getByRole('heading', { name: 'Join "Lure room"?' })).toBeVisible();
    await expect(visitor.getByText('Trapper', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
    // Still not a member, a moment later too.
    await visitor.waitForTimeout(300);
    expect(await roomsOf(visitor)).toEqual([]);
  }

  await visitor.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/chat/${roomId}$`));
  expect(await roomsOf(visitor)).toEqual([roomId]);
});

test('an invitation flashed in a pop-up leaves nothing for the next sign-in', async ({
  browser,
  baseURL,
}) => {
  const roomId = await trapRoom('Pop-up room');
  const owner = await newSignedInClient('Visitor2');
  const visitor = await newPerson(browser);

  await visitor.goto(attacker('popup', `${baseURL}/invite?room=${roomId}`));
  const opening = visitor.waitForEvent('popup');
  await visitor.locator('#prize').click();
  const popup = await opening;
  await expect(popup).toHaveURL(/\/register/);
  await popup.close();

  await visitor.goto('/login');
  await logIn(visitor, owner.account.email);
  await expect(visitor).toHaveURL(/\/$/);
  await expect(visitor.getByText("You haven't created or joined any rooms yet.")).toBeVisible();
  expect(await roomsOf(visitor)).toEqual([]);

  // Following the link themselves, one click joins.
  await visitor.goto(`/invite?room=${roomId}`);
  await visitor.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/chat/${roomId}$`));
});

test('a bounce through /invite before sign-in still asks after it', async ({
  browser,
  baseURL,
}) => {
  const roomId = await trapRoom('Bounce room');
  const visitor = await newPerson(browser);
  const email = `bounced-${Date.now()}@example.com`;

  await visitor.goto(attacker('go', `${baseURL}/invite?room=${roomId}`));
  await expect(visitor).toHaveURL(/\/register/);
  await register(visitor, email, 'Bounced');
  await logIn(visitor, email);

  await expect(visitor.getByRole('heading', { name: 'Join "Bounce room"?' })).toBeVisible();
  await visitor.waitForTimeout(300);
  expect(await roomsOf(visitor)).toEqual([]);
  await visitor.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/chat/${roomId}$`));
  expect(await roomsOf(visitor)).toEqual([roomId]);

  // 'Not now' on another bounce drops the invitation: the next sign-in goes home.
  const other = await trapRoom('Second bounce');
  await visitor.goto(attacker('go', `${baseURL}/invite?room=${other}`));
  await expect(visitor.getByRole('heading', { name: 'Join "Second bounce"?' })).toBeVisible();
  await visitor.getByRole('link', { name: 'Not now' }).click();
  await expect(visitor).toHaveURL(/\/$/);
  expect(await roomsOf(visitor)).toEqual([roomId]);
});

test('the owner resets the link: the old one admits no one new, the new one does', async ({
  browser,
}) => {
  const stamp = Date.now();
  const owner = await newPerson(browser);
  await signUpAndLogIn(owner, `reset-owner-${stamp}@example.com`, 'Keeper');
  await owner.getByRole('link', { name: 'Create Room' }).click();
  await field(owner, 'Room Name').fill('Reset room');
  await owner.getByRole('button', { name: 'Join Room' }).click();
  await expect(owner).toHaveURL(/\/chat\//);
  await owner.getByRole('button', { name: 'Share' }).click();
  const linkField = owner.getByRole('textbox', { name: 'Invite link' });
  const oldLink = await linkField.inputValue();
  await owner.getByRole('button', { name: 'Reset invite link' }).click();
  await owner.getByRole('button', { name: 'Reset link', exact: true }).click();
  await expect(linkField).not.toHaveValue(oldLink);
  const newLink = await linkField.inputValue();
  expect(newLink).toMatch(/[?&]invite=[A-Za-z0-9_-]{16,}/);

  await owner.getByLabel('Max uses').fill('1');
  await owner.getByRole('button', { name: 'Create limited link' }).click();
  const limited = await owner.getByRole('textbox', { name: 'Limited link' }).inputValue();

  const late = await newPerson(browser);
  await signUpAndLogIn(late, `reset-late-${stamp}@example.com`, 'Late');
  await late.goto(oldLink);
  await expect(late.getByText(/no longer valid/)).toBeVisible();
  await late.goto(limited);
  await late.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(late).toHaveURL(/\/chat\//);

  const third = await newPerson(browser);
  await signUpAndLogIn(third, `reset-third-${stamp}@example.com`, 'Third');
  await third.goto(limited);
  await expect(third.getByText(/no longer valid/)).toBeVisible();
  await third.goto(newLink);
  await third.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(third).toHaveURL(/\/chat\//);
});

test('the first limited link is made only after a warning, and is listed again after a reload', async ({
  browser,
}) => {
  const stamp = Date.now();
  const owner = await newPerson(browser);
  await signUpAndLogIn(owner, `limited-owner-${stamp}@example.com`, 'Giver');
  await owner.getByRole('link', { name: 'Create Room' }).click();
  await field(owner, 'Room Name').fill('Limited room');
  await owner.getByRole('button', { name: 'Join Room' }).click();
  await expect(owner).toHaveURL(/\/chat\//);
  await owner.getByRole('button', { name: 'Share' }).click();
  const linkField = owner.getByRole('textbox', { name: 'Invite link' });
  const plainLink = await linkField.inputValue();
  expect(plainLink).not.toMatch(/[?&]invite=/);

  await owner.getByLabel('Max uses').fill('2');
  await owner.getByRole('button', { name: 'Create limited link' }).click();
  await expect(owner.getByText(/replaces the room's invite link/)).toBeVisible();
  await owner.getByRole('button', { name: 'Cancel' }).click();
  await expect(owner.getByRole('textbox', { name: 'Limited link' })).toHaveCount(0);
  await owner.getByRole('button', { name: 'Create limited link' }).click();
  await owner.getByRole('button', { name: 'Create link', exact: true }).click();
  const limited = await owner.getByRole('textbox', { name: 'Limited link' }).inputValue();
  await expect(linkField).not.toHaveValue(plainLink);

  await owner.reload();
  await owner.getByRole('button', { name: 'Share' }).click();
  const listed = owner.getByRole('list', { name: 'Limited links' });
  await expect(listed.getByRole('textbox', { name: 'Limited link' })).toHaveValue(limited);
  await expect(listed.getByText('2 uses left')).toBeVisible();
  // Links are on now: the next one is made without asking.
  await owner.getByRole('button', { name: 'Create limited link' }).click();
  await expect(listed.getByRole('textbox', { name: 'Limited link' })).toHaveCount(2);
  await expect(owner.getByText(/replaces the room's invite link/)).toHaveCount(0);
});

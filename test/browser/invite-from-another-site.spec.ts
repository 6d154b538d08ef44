/**
 * A page on another site links to /auto-join?room=… (and /invite?room=…). Following the link,
 * a signed-in visitor sees the room's name and a Join button, and is not a member until they
 * click it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/test';
import { field, newPerson, signUpAndLogIn } from '../support/browser-users';

let attackerSite: Server;
let attackerOrigin = '';

test.beforeAll(async () => {
  // Another origin (another port is another site as far as the browser's origin checks go).
  attackerSite = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('target') ?? '';
    response.setHeader('Content-Type', 'text/html');
    response.end(`<!doctype html><title>Free prizes</title><a id="bait" href="${target}">Win</a>`);
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attackerSite.address() as AddressInfo).port}`;
});

test.afterAll(() => attackerSite.close());

test('a link from another site shows the room and joins only on Join', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const owner = await newPerson(browser);
  await signUpAndLogIn(owner, `owner-${stamp}@example.com`, 'Owner');
  await owner.getByRole('link', { name: 'Create Room' }).click();
  await field(owner, 'Room Name').fill('Lure room');
  await owner.getByRole('button', { name: 'Join Room' }).click();
  await expect(owner).toHaveURL(/\/chat\/[A-Za-z0-9_-]{16,}/);
  const roomId = new URL(owner.url()).pathname.split('/').pop()!;

  const visitor = await newPerson(browser);
  await signUpAndLogIn(visitor, `visitor-${stamp}@example.com`, 'Visitor');

  for (const path of [`/auto-join?room=${roomId}`, `/invite?room=${roomId}`]) {
    const target = encodeURIComponent(`${baseURL}${path}`);
    await visitor.goto(`${attackerOrigin}/?target=${target}`);
    await visitor.locator('#bait').click();
    await expect(visitor.getByRole('heading', { name: 'Join "Lure room"?' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
    // Still not a member: the room's list of the visitor's rooms stays empty.
    const rooms = await visitor.request.get('/api/rooms');
    expect(await rooms.json()).toEqual([]);
  }

  await visitor.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/chat/${roomId}$`));
  const rooms = await visitor.request.get('/api/rooms');
  expect((await rooms.json()).map((room: { roomId: string }) => room.roomId)).toEqual([roomId]);
});

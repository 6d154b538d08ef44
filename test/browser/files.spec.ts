/**
 * Photos and files between two people in Chromium (issue 34): Alice attaches a phone photo
 * with its GPS position in Exif and a PNG from the paperclip, sends them without words; Bob
 * sees both in the bubble and in the viewer, and what his browser is served of the photo
 * holds no Exif. Alice drops a PDF on the chat and Bob downloads it under its name. An upload
 * held on its way shows its progress bar, is cancelled and retried. Bob reads on a 375 px
 * phone, with the keyboard; axe finds nothing serious on either screen. A photo wider than
 * 2,048 px arrives scaled down by Alice's browser, and Bob's viewer shows all of it.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Response } from '@playwright/test';
import { expect, test, type Page } from '../support/test';
import { seriousViolations } from './support/axe';
import { newSignedInClient, uniqueIp } from '../support/api-client';
import { logIn } from '../support/browser-users';
import {
  containsText,
  gpsJpeg,
  plainJpeg,
  plainPng,
  SECRETS,
} from '../worker/support/image-fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A person signed in in their own context, in the room's chat. */
async function personInRoom(
  browser: Browser,
  email: string,
  roomId: string,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
    reducedMotion: 'reduce',
    ...(viewport && { viewport }),
  });
  const page = await context.newPage();
  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.goto(`/chat/${roomId}`);
  await expect(page.getByText('No messages yet...')).toBeVisible();
  return page;
}

const PHONE = { width: 375, height: 740 };

/** Alice and Bob in a new room; Bob (and Alice when `alicePhone`) on a 375 px phone. */
async function meet(browser: Browser, roomName: string, alicePhone = false) {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const alicePage = await personInRoom(
    browser,
    alice.account.email,
    room.roomId,
    alicePhone ? PHONE : undefined,
  );
  const bobPage = await personInRoom(browser, bob.account.email, room.roomId, PHONE);
  return { alicePage, bobPage };
}

/** Picks files from the paperclip's file chooser. */
async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const strip = (page: Page) => page.getByRole('list', { name: 'Attachments' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send' });

/** Nothing sticks out sideways: the page does not scroll horizontally. */
async function fitsWidth(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
}

test('a photo with GPS in its Exif reaches the other person without it, in the bubble and the viewer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alicePage, bobPage } = await meet(browser, 'Photo Room');

  await attach(alicePage, [
    { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(gpsJpeg) },
    { name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from(plainPng) },
  ]);
  await expect(strip(alicePage).getByRole('listitem')).toHaveCount(2);
  await expect(sendButton(alicePage)).toBeEnabled();
  await expect(alicePage.getByRole('progressbar')).toHaveCount(0);
  expect(await seriousViolations(alicePage)).toEqual([]);

  // What Bob's browser loads from the files' urls.
  const responses: Response[] = [];
  bobPage.on('response', (response) => {
    if (response.url().includes('/api/files/')) responses.push(response);
  });
  await sendButton(alicePage).click();
  await expect(strip(alicePage)).toHaveCount(0);

  const photo = log(bobPage).getByRole('img', { name: 'beach.jpg' });
  await expect(photo).toBeVisible();
  await expect(log(bobPage).getByRole('img', { name: 'chart.png' })).toBeVisible();
  // The message is its photos alone: no empty text under them.
  await expect(log(bobPage).getByRole('listitem')).toHaveCount(1);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);

  const url = (await photo.getAttribute('src'))!;
  expect(url).toMatch(/^\/api\/files\/[0-9a-f]{32}$/);
  const loaded = responses.find((response) => new URL(response.url()).pathname === url);
  expect(loaded?.status()).toBe(200);
  // Fetched again by Bob's page, to be sure of what it is given at that url.
  const fetched = await bobPage.evaluate(async (path) => {
    const response = await fetch(path);
    return [...new Uint8Array(await response.arrayBuffer())];
  }, url);
  for (const served of [new Uint8Array(await loaded!.body()), new Uint8Array(fetched)]) {
    for (const secret of SECRETS) expect(containsText(served, secret)).toBe(false);
    // No APP1 segment at all (where Exif and its GPS directory live): the plain picture.
    expect(served.some((byte, i) => byte === 0xff && served[i + 1] === 0xe1)).toBe(false);
    expect(Buffer.from(served).equals(Buffer.from(plainJpeg))).toBe(true);
  }

  // Bob opens the viewer with the keyboard, moves with the arrows, and Esc closes it.
  const opener = log(bobPage).getByRole('button', { name: 'beach.jpg' });
  await opener.focus();
  await bobPage.keyboard.press('Enter');
  const viewer = bobPage.getByRole('dialog', { name: 'beach.jpg (1 of 2)' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'beach.jpg' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeVisible();
  expect(await seriousViolations(bobPage)).toEqual([]);
  await bobPage.keyboard.press('ArrowRight');
  await expect(bobPage.getByRole('dialog', { name: 'chart.png (2 of 2)' })).toBeVisible();
  await bobPage.keyboard.press('ArrowLeft');
  await expect(viewer).toBeVisible();
  await bobPage.keyboard.press('Escape');
  await expect(bobPage.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();

  expect(await fitsWidth(bobPage)).toBe(true);
  expect(await seriousViolations(bobPage)).toEqual([]);
});

test('a PDF dropped on the chat is downloaded by the other person under its name', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alicePage, bobPage } = await meet(browser, 'Paper Room');

  const transfer = await alicePage.evaluateHandle(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(
        new File([new Uint8Array(bytes)], 'Trip plan.pdf', { type: 'application/pdf' }),
      );
      return data;
    },
    [...PDF],
  );
  const body = alicePage.locator('body');
  await body.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(alicePage.getByText('Drop files to attach them')).toBeVisible();
  await body.dispatchEvent('dragover', { dataTransfer: transfer });
  await body.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(alicePage.getByText('Drop files to attach them')).toHaveCount(0);
  await expect(strip(alicePage).getByText('Trip plan.pdf')).toBeVisible();
  await expect(sendButton(alicePage)).toBeEnabled();
  await alicePage.getByRole('textbox', { name: 'Message' }).fill('the plan');
  await alicePage.getByRole('textbox', { name: 'Message' }).press('Enter');

  const card = log(bobPage).getByRole('link', { name: /^Download Trip plan\.pdf \(\d+ B\)$/ });
  await expect(card).toBeVisible();
  await expect(log(bobPage).getByText('the plan')).toBeVisible();
  const downloading = bobPage.waitForEvent('download');
  await card.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Trip plan.pdf');
  expect(readFileSync(await download.path()).equals(PDF)).toBe(true);
  expect(await fitsWidth(bobPage)).toBe(true);
});

test('a photo wider than 2,048 px is scaled down by the browser before it goes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alicePage, bobPage } = await meet(browser, 'Panorama Room');

  // A 3,000 × 1,000 PNG, painted and encoded by Alice's browser, dropped on the chat.
  const transfer = await alicePage.evaluateHandle(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 1000;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 3000, 1000);
    gradient.addColorStop(0, '#0077be');
    gradient.addColorStop(1, '#f4d03f');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 3000, 1000);
    const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!)));
    const data = new DataTransfer();
    data.items.add(new File([png], 'panorama.png', { type: 'image/png' }));
    return data;
  });
  await alicePage.locator('body').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(strip(alicePage).getByText('panorama.png')).toBeVisible();
  await expect(strip(alicePage).locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(sendButton(alicePage)).toBeEnabled();
  await sendButton(alicePage).click();

  // Encoded again as WebP (it keeps a PNG's transparency), 2,048 px wide.
  const photo = log(bobPage).getByRole('img', { name: 'panorama.webp' });
  await expect(photo).toBeVisible();
  await expect
    .poll(() =>
      photo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]),
    )
    .toEqual([2048, 683]);
  // Shown within the bubble in its shape, its size set before it loaded.
  expect([await photo.getAttribute('width'), await photo.getAttribute('height')]).toEqual([
    '320',
    '107',
  ]);
  expect(await fitsWidth(bobPage)).toBe(true);

  // Opened on Bob's phone, the whole photo shows within the viewer: none of it is cut off.
  await log(bobPage).getByRole('button', { name: 'panorama.webp' }).click();
  const viewer = bobPage.getByRole('dialog', { name: 'panorama.webp' });
  const large = viewer.getByRole('img', { name: 'panorama.webp' });
  await expect(large).toBeVisible();
  const frame = (await viewer.boundingBox())!;
  const shown = (await large.boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(frame.x);
  expect(shown.x + shown.width).toBeLessThanOrEqual(frame.x + frame.width);
});

test('an upload on its way shows its progress, can be cancelled, and retried', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alicePage, bobPage } = await meet(browser, 'Slow Room', true);

  // Uploads wait here until the test lets them go on.
  let letGo: () => void = () => {};
  let held = new Promise<void>((resolve) => (letGo = resolve));
  await alicePage.route('**/api/rooms/*/files', async (route) => {
    await held;
    await route.continue().catch(() => {
      // Cancelled meanwhile: the browser gave the request up.
    });
  });

  await attach(alicePage, [
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('bring sun cream\n') },
  ]);
  const bar = alicePage.getByRole('progressbar', { name: 'Uploading notes.txt' });
  await expect(bar).toBeVisible();
  await expect(sendButton(alicePage)).toBeDisabled();

  await alicePage.getByRole('button', { name: 'Cancel upload of notes.txt' }).click();
  await expect(strip(alicePage).getByText('Upload cancelled')).toBeVisible();
  await expect(bar).toHaveCount(0);
  letGo();
  // On a phone, with a failure and its Retry in the strip.
  expect(await fitsWidth(alicePage)).toBe(true);
  expect(await seriousViolations(alicePage)).toEqual([]);

  held = new Promise<void>((resolve) => (letGo = resolve));
  await alicePage.getByRole('button', { name: 'Retry upload of notes.txt' }).click();
  await expect(bar).toBeVisible();
  letGo();
  await expect(bar).toHaveCount(0);
  await expect(sendButton(alicePage)).toBeEnabled();
  await sendButton(alicePage).click();
  await expect(
    log(bobPage).getByRole('link', { name: /^Download notes\.txt \(\d+ B\)$/ }),
  ).toBeVisible();
});

/** The installable app: its manifest, icons and the service worker that caches the shell. */
import { expect, test } from '../support/test';
import { newPerson, signUpAndLogIn } from '../support/browser-users';
import { createRoom } from '../support/browser-rooms';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the page links a manifest with names, standalone display and real 192 and 512 px icons', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  for (const scheme of ['light', 'dark']) {
    await expect(
      page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`),
    ).toHaveAttribute('content', /^#[0-9a-f]{6}$/);
  }

  const response = await page.request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Chat Rooms',
    short_name: 'Chat Rooms',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const sizes = [];
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
    const size = pngSize(await image.body());
    expect(size).toBe(icon.sizes);
    sizes.push(size);
  }
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
});

test('the service worker takes control and caches the shell, never API answers', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const script = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  expect(new URL(script).pathname).toBe('/sw.js');

  // Signed in and in a room: the API and the socket are busy while the worker is in control.
  await signUpAndLogIn(page, `pwa-${Date.now()}@example.com`, 'Installer');
  await createRoom(page, 'Offline room');

  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return { names, paths: urls.map((url) => new URL(url).pathname) };
  });
  // One cache, named after the build, so a deploy replaces it whole.
  expect(cached.names).toHaveLength(1);
  expect(cached.names[0]).toMatch(/^chat-rooms-shell-[0-9a-f]{12}$/);
  expect(cached.paths).toContain('/');
  expect(cached.paths).toContain('/manifest.webmanifest');
  expect(cached.paths.some((path) => /^\/assets\/index-.+\.js$/.test(path))).toBe(true);
  expect(cached.paths.filter((path) => !/^\/(assets|icons)\/|^\/[\w.-]*$/.test(path))).toEqual([]);
  expect(
    cached.paths.some((path) => path.startsWith('/api') || path.startsWith('/socket.io')),
  ).toBe(false);
});

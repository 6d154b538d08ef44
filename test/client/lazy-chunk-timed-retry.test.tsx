import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { AppProvider } from '../../client/app/provider';
import { watchChunkFailures } from './chunk-failure-watch';
import { fakeApi } from './render-app';

// Its own file: the module registry is fresh, so the toast host's chunk has not loaded yet.
const offline = vi.hoisted(() => ({ toastHost: true }));

vi.mock('@mantine/notifications', async (load) => {
  if (offline.toastHost) throw new TypeError('Failed to fetch dynamically imported module');
  const real = await load<typeof import('@mantine/notifications')>();
  return { ...real, Notifications: () => <div data-testid="toast-host" /> };
});

const untilTheBoundaryCaughtIt = watchChunkFailures();

it('tries a piece again by itself when it failed while the browser said it was online', async () => {
  // A server or proxy dropped, not the device's link: no 'online' event will come.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  fakeApi(null);
  render(
    <AppProvider>
      <p>The page</p>
    </AppProvider>,
  );
  await untilTheBoundaryCaughtIt();
  expect(screen.queryByTestId('toast-host')).toBeNull();
  expect(screen.getByText('The page')).toBeTruthy();

  offline.toastHost = false;
  // The first retry comes two seconds after the failure, with no event from the browser.
  expect(await screen.findByTestId('toast-host', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('The page')).toBeTruthy();
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../client/app/provider';
import { QuietBoundary } from '../../client/components/ui/quiet-boundary';
import { retryFailedStylesheets } from '../../client/lib/lazy-with-retry';
import { watchChunkFailures } from './chunk-failure-watch';
import { fakeApi, renderApp } from './render-app';

/** Which lazily imported chunks fail to load, as they do when the network drops mid-start. */
const offline = vi.hoisted(() => ({ toastHost: false, forgotPassword: false, help: false }));

vi.mock('@mantine/notifications', async (load) => {
  if (offline.toastHost) throw new TypeError('Failed to fetch dynamically imported module');
  const real = await load<typeof import('@mantine/notifications')>();
  return { ...real, Notifications: () => <div data-testid="toast-host" /> };
});

vi.mock('../../client/app/routes/auth/forgot-password', async (load) => {
  if (offline.forgotPassword) throw new TypeError('Failed to fetch dynamically imported module');
  return load();
});

vi.mock('../../client/components/help-dialog', async (load) => {
  if (offline.help) throw new TypeError('Failed to fetch dynamically imported module');
  return load();
});

const untilTheBoundaryCaughtIt = watchChunkFailures();

beforeEach(() => {
  Object.assign(offline, { toastHost: false, forgotPassword: false, help: false });
});

describe('a lazy chunk that fails to load', () => {
  it('leaves the app on screen without toasts, and loads the toast host once back online', async () => {
    offline.toastHost = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeApi(null);
    render(
      <AppProvider>
        <p>The page</p>
      </AppProvider>,
    );

    expect(await screen.findByText('The page')).toBeTruthy();
    // The failed import has settled, and the page is still there.
    await untilTheBoundaryCaughtIt();
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByTestId('toast-host')).toBeNull();

    offline.toastHost = false;
    act(() => void window.dispatchEvent(new Event('online')));
    // The real module's first transform can take seconds on a loaded machine.
    expect(await screen.findByTestId('toast-host', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('The page')).toBeTruthy();
  });

  it("shows a page's error instead of a blank page, and loads the page on Try Again", async () => {
    offline.forgotPassword = true;
    fakeApi(null);
    renderApp('/forgot-password');

    const retry = await screen.findByRole('button', { name: 'Try Again' });
    expect(screen.getByRole('banner')).toBeTruthy();

    offline.forgotPassword = false;
    fireEvent.click(retry);
    const heading = { name: /forgot password/i };
    expect(await screen.findByRole('heading', heading, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('keeps the top bar when the help dialog cannot load, and loads it at the next press', async () => {
    offline.help = true;
    fakeApi(null);
    renderApp('/login');
    // The page's own chunk is slow to transform on a cold run.
    const heading = { name: 'Login' };
    expect(await screen.findByRole('heading', heading, { timeout: 10_000 })).toBeTruthy();
    const help = screen.getByRole('button', { name: 'Help' });

    fireEvent.click(help);
    await untilTheBoundaryCaughtIt();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();

    // The network's return does not open it by itself, minutes after the press that failed.
    offline.help = false;
    act(() => void window.dispatchEvent(new Event('online')));
    // Long enough for the chunk to load had it been asked for (a cold transform included).
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(help);
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('the quiet boundary', () => {
  it('passes on an error that is not a chunk failing to load: a bug is not hidden', () => {
    function Broken(): never {
      throw new Error('a bug');
    }
    expect(() =>
      render(
        <QuietBoundary>
          <Broken />
        </QuietBoundary>,
      ),
    ).toThrow('a bug');
  });
});

describe('a stylesheet that failed to load', () => {
  it('is asked for again by a fresh link (Vite would not add it again); one that loaded is not', () => {
    const link = (href: string) => {
      const element = document.createElement('link');
      element.rel = 'stylesheet';
      element.href = href;
      document.head.append(element);
      return element;
    };
    const failed = link('/assets/styles-rest.css');
    const loaded = link('/assets/chat.css');
    failed.dispatchEvent(new Event('error'));
    retryFailedStylesheets();

    const now = document.head.querySelectorAll('link[href="/assets/styles-rest.css"]');
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(failed);
    expect(failed.isConnected).toBe(false);
    expect(loaded.isConnected).toBe(true);
    // Asked once: a second retry with nothing failed since changes nothing.
    retryFailedStylesheets();
    expect(document.head.querySelector('link[href="/assets/styles-rest.css"]')).toBe(now[0]);
    now[0]!.remove();
    loaded.remove();
  });
});

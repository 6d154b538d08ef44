import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, testUser } from './render-app';

/** No network at all: every request fails as fetch does offline. */
function failingNetwork() {
  window.localStorage.setItem('sessionHint', '1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

/** The session check has been sent and had time to settle (and the guard to act on it). */
async function checkSettled() {
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 100));
}

function goOffline() {
  return vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

describe('protected pages while the session cannot be checked', () => {
  it('keeps a signed-in person on /settings offline, with the offline notice', async () => {
    failingNetwork();
    const onLine = goOffline();
    const { router } = renderApp('/settings');
    await checkSettled();

    const notice = await screen.findByText('You are offline.');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    // Neither signed in nor out: no guest links offering to sign in again.
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    onLine.mockRestore();
  });

  it('keeps /chat/:roomId when the API answers 503 (the edge with the worker unreachable)', async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/login/current'
        ? { status: 503, text: 'Service Unavailable' }
        : undefined,
    );
    const { router } = renderApp('/chat/r1');

    expect(await screen.findByText('You are offline.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat/r1');
    // No answer says nothing about the cookie: the next start checks again.
    expect(window.localStorage.getItem('sessionHint')).toBe('1');
  });

  it('keeps /admin when the network fails', async () => {
    failingNetwork();
    const { router } = renderApp('/admin');

    expect(await screen.findByText('You are offline.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('still sends a real 401 to /login', async () => {
    window.localStorage.setItem('sessionHint', '1');
    fakeApi(null);
    const { router } = renderApp('/settings');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('You are offline.')).toBeNull();
  });

  it('sends a blocked address (429) to /login as before, where the login says why', async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/login/current'
        ? { status: 429, body: { error: 'Too many requests' } }
        : undefined,
    );
    const { router } = renderApp('/settings');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('You are offline.')).toBeNull();
    // It says nothing about the cookie: the next start asks again.
    expect(window.localStorage.getItem('sessionHint')).toBe('1');
  });

  it('shows the page once the browser is back online and the session checks out', async () => {
    failingNetwork();
    const onLine = goOffline();
    const { router } = renderApp('/settings');
    await screen.findByText('You are offline.');

    fakeApi(testUser);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    expect(await screen.findByRole('button', { name: 'Continue to Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.queryByText('You are offline.')).toBeNull();
  });

  it('asks again now and then while the server is unreachable, and shows the page once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/login/current'
        ? { status: 503, text: 'Service Unavailable' }
        : undefined,
    );
    const { router } = renderApp('/settings');
    await screen.findByText('You are offline.');

    fakeApi(testUser);
    await vi.advanceTimersByTimeAsync(30_000);

    expect(await screen.findByRole('button', { name: 'Continue to Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('goes to /login once back online if the server then says the session is gone', async () => {
    failingNetwork();
    const onLine = goOffline();
    const { router } = renderApp('/join');
    await screen.findByText('You are offline.');

    fakeApi(null);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=join');
  });

  it('leaves a signed-in person on /login offline, without bouncing', async () => {
    failingNetwork();
    const onLine = goOffline();
    const { router } = renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByText('You are offline.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('POP');
    onLine.mockRestore();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, testUser } from './render-app';
import { watchLiveRegions } from './watch-live-regions';

describe('session check and offline state', () => {
  it('asks nothing about a session in a browser that never signed in', async () => {
    const { calls } = fakeApi(null);
    renderApp('/');

    expect(await screen.findByRole('heading', { name: /best way to chat/i })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/auth/login/current')).toEqual([]);
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('checks the session where one may exist, and forgets the hint when it is gone', async () => {
    window.localStorage.setItem('sessionHint', '1');
    const { calls } = fakeApi(null);
    renderApp('/');

    expect(await screen.findByRole('heading', { name: /best way to chat/i })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/auth/login/current')).toHaveLength(1);
    expect(window.localStorage.getItem('sessionHint')).toBeNull();
  });

  it("says 'You are offline' when the session check gets no answer", async () => {
    fakeApi(testUser);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderApp('/');

    const notice = await screen.findByText('You are offline.');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    // The shell still renders: signed out, the landing page.
    expect(screen.getByRole('heading', { name: /best way to chat/i })).toBeTruthy();
    // No answer says nothing about the cookie: the next start checks again.
    expect(window.localStorage.getItem('sessionHint')).toBe('1');
  });

  it("says 'You are offline' while the browser is offline, and not once it is back", async () => {
    fakeApi(null);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/');

    const notice = await screen.findByText('You are offline.');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(screen.queryByText(/You are offline/)).toBeNull());
  });

  it("says 'You are offline' in a region that was there, empty, before the words came", async () => {
    fakeApi(null);
    const regions = watchLiveRegions();
    renderApp('/');
    await screen.findByRole('heading', { name: /best way to chat/i });

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const notice = await screen.findByText('You are offline.');
    expect(regions.textAtMount(notice)).toBe('');
    regions.stop();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
  });
});

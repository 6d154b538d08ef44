import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, testUser } from './render-app';

describe('routes and guards', () => {
  it("shows 'Loading...' on / until the session check answers", async () => {
    window.localStorage.setItem('sessionHint', '1'); // a browser that has signed in before
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderApp('/');
    expect(await screen.findByText('Loading...')).toBeTruthy();

    answer(new Response('{}', { status: 401 }));
    expect(
      await screen.findByRole('heading', { name: 'The best way to chat with friends' }),
    ).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('sends a visitor from a signed-in page to /login', async () => {
    fakeApi(null);
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a regular user the Access Denied panel on /admin', async () => {
    fakeApi(testUser);
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText("You don't have permission to access the admin dashboard."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('lets an admin into /admin and gives them the dashboard as home', async () => {
    fakeApi({ ...testUser, role: 'admin' });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();

    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('keeps the invitation and sends a visitor to register', async () => {
    fakeApi(null);
    const { router } = renderApp('/invite?room=room-42');

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(window.sessionStorage.getItem('pendingRoomJoin')).toContain('"room":"room-42"');
  });

  it('sends a signed-in user from an invitation to the auto-join', async () => {
    fakeApi(testUser);
    const { router } = renderApp('/invite?room=room-42');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auto-join'));
    expect(router.state.location.search).toBe('?room=room-42');
  });

  it('sends an invitation without a room home, storing nothing', async () => {
    fakeApi(null);
    const { router } = renderApp('/invite');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.sessionStorage.getItem('pendingRoomJoin')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, testUser } from './render-app';

// The chat a login may lead to connects: to a fake socket here.
vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const ROOM = 'Room_Id-0123456789ab';
const signInAnswers = (call: { path: string }) =>
  call.path === '/api/auth/login' ? { status: 200, body: { user: testUser } } : undefined;

async function signIn(email = 'ada@example.com', password = 'secret1') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login form', () => {
  it("falls back to 'Login failed' when the server gives no error text", async () => {
    fakeApi(null, (call) =>
      call.path === '/api/auth/login'
        ? { status: 502, text: '<html>Bad gateway</html>' }
        : undefined,
    );
    renderApp('/login');
    await signIn();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Login failed'));
  });

  it("shows the server's error text when there is one", async () => {
    fakeApi(null, (call) =>
      call.path === '/api/auth/login'
        ? { status: 401, body: { error: 'Invalid email or password' } }
        : undefined,
    );
    renderApp('/login');
    await signIn();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  });

  it("reads 'Signing In...' while the request is under way", async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock } = fakeApi(null);
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/auth/login'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : fallback(input, init),
    );
    renderApp('/login');
    await signIn();

    const button = await screen.findByRole('button', { name: 'Signing In...' });
    // Busy, not disabled: a disabled button drops the keyboard's focus (busy-buttons.test.tsx).
    expect(button.getAttribute('aria-disabled')).toBe('true');
    answer(new Response('{}', { status: 500 }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('sends the trimmed email and password, then goes home', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/api/auth/login' ? { status: 200, body: { user: testUser } } : undefined,
    );
    const { router } = renderApp('/login?redirect=join');
    await signIn('  ada@example.com ', 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const sent = calls.find((call) => call.path === '/api/auth/login');
    expect(sent?.body).toEqual({ email: 'ada@example.com', password: 'secret1' });
  });

  it("goes to the pending invitation's prompt after login, which still asks", async () => {
    window.sessionStorage.setItem(
      'pendingRoomJoin',
      JSON.stringify({ room: 'room-42', savedAt: Date.now() }),
    );
    const preview = {
      roomId: 'room-42',
      name: 'Attic',
      owner: null,
      isMember: false,
      banned: false,
    };
    const { calls } = fakeApi(null, (call) => {
      if (call.path === '/api/invites/room-42') return { status: 200, body: preview };
      return call.path === '/api/auth/login'
        ? { status: 200, body: { user: testUser } }
        : undefined;
    });
    const { router } = renderApp('/login');
    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/auto-join'));
    expect(router.state.location.search).toBe('?room=room-42');
    expect(await screen.findByRole('heading', { name: 'Join "Attic"?' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/join')).toBe(false);
    expect(screen.queryByText('Setting up your room...')).toBeNull();
  });

  it('lands on the chat and its message that a signed-out visitor opened, once', async () => {
    fakeApi(null, signInAnswers);
    const { router } = renderApp(`/chat/${ROOM}?message=7`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${ROOM}`));
    expect(router.state.location.search).toBe('?message=7');
    // Used: the next sign-in in this tab goes home.
    expect(window.sessionStorage.getItem('pendingChatLink')).toBeNull();
  });

  it('lands on that chat after registering first, then logging in', async () => {
    fakeApi(null, (call) =>
      call.path === '/api/auth/register'
        ? { status: 201, body: { user: {} } }
        : signInAnswers(call),
    );
    const user = userEvent.setup();
    const { router } = renderApp(`/chat/${ROOM}?message=7`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The top bar's or the form's: both lead to /register.
    await user.click((await screen.findAllByRole('link', { name: 'Register' }))[0]!);
    // The register route loads lazily: the login's own Email field shows until it has.
    await user.type(await screen.findByLabelText(/^Nickname/), 'ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful! Please log in.')).toBeTruthy();
    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${ROOM}`));
    expect(router.state.location.search).toBe('?message=7');
  });

  it('gives ?redirect= no effect: a chat named there is not where the login leads', async () => {
    fakeApi(null, signInAnswers);
    const { router } = renderApp(`/login?redirect=${encodeURIComponent(`/chat/${ROOM}`)}`);
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends nothing when the email is malformed', async () => {
    const { calls } = fakeApi(null);
    renderApp('/login');
    await signIn('ada', 'secret1');

    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/login')).toBe(false);
  });
});

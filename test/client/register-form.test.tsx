import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from './render-app';

/** The text of the error Mantine ties to an input through aria-describedby, if any. */
function errorOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

describe('register form', () => {
  it('stays silent while typing, then shows the contract message once the field is left', async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/register');

    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'not-an-email');
    expect(errorOf(email)).toBeNull();
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();

    await user.tab();
    expect(errorOf(email)).toBe('Please enter a valid email address.');
  });

  it('re-checks a touched field on every change', async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/register');

    const nickname = await screen.findByLabelText(/^Nickname/);
    await user.type(nickname, 'ab');
    await user.tab();
    expect(errorOf(nickname)).toBe('Nickname must be at least 3 characters long.');

    await user.type(nickname, '!');
    expect(errorOf(nickname)).toBe(
      'Nickname can only contain letters, numbers, underscores, hyphens, and periods.',
    );

    await user.clear(nickname);
    await user.type(nickname, 'ada_lovelace');
    expect(errorOf(nickname)).toBeNull();

    await user.type(nickname, 'xxxx');
    expect(errorOf(nickname)).toBe('Nickname cannot exceed 15 characters.');
  });

  it('shows the nickname hint under the field before anything is typed', async () => {
    fakeApi(null);
    renderApp('/register');

    const nickname = await screen.findByLabelText(/^Nickname/);
    const hint = screen.getByText(
      '3-15 characters. Letters, numbers, underscores, hyphens and periods only.',
    );
    expect(nickname.getAttribute('aria-describedby')).toContain(hint.id);
  });

  it('checks the password length on blur', async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/register');

    const password = await screen.findByLabelText(/^Password/);
    await user.type(password, '12345');
    expect(errorOf(password)).toBeNull();
    await user.tab();
    expect(errorOf(password)).toBe('Password must be at least 6 characters long.');
    await user.type(password, '6');
    expect(errorOf(password)).toBeNull();
  });

  it('sends nothing while a field is empty', async () => {
    const { calls } = fakeApi(null);
    const user = userEvent.setup();
    renderApp('/register');

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Email, password and nickname are required.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/register')).toBe(false);
  });

  it('takes back "required" once every field is filled, and says it again if one is emptied', async () => {
    fakeApi(null);
    const user = userEvent.setup();
    renderApp('/register');
    const required = 'Email, password and nickname are required.';

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(required)).toBeTruthy();

    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    expect(screen.getByText(required)).toBeTruthy();
    const nickname = screen.getByLabelText(/^Nickname/);
    await user.type(nickname, 'ada');
    expect(screen.queryByText(required)).toBeNull();

    await user.clear(nickname);
    expect(screen.getByText(required)).toBeTruthy();
  });

  it('registers and hands the invitation message to the login page', async () => {
    window.sessionStorage.setItem(
      'pendingRoomJoin',
      JSON.stringify({ room: 'room-42', savedAt: Date.now() }),
    );
    const { calls } = fakeApi(null, (call) =>
      call.path === '/api/auth/register' ? { status: 201, body: { user: {} } } : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/register');

    await user.type(await screen.findByLabelText(/^Email/), ' Ada@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.type(screen.getByLabelText(/^Nickname/), 'ada');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      await screen.findByText('Registration successful! Please log in to join the room.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    const sent = calls.find((call) => call.path === '/api/auth/register');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ email: 'Ada@Example.com', password: 'secret1', nickname: 'ada' });
  });

  it("shows the server's error, else 'Registration failed'", async () => {
    let reply = { status: 409, body: { error: 'Email already registered' } as unknown };
    fakeApi(null, (call) => (call.path === '/api/auth/register' ? reply : undefined));
    const user = userEvent.setup();
    renderApp('/register');

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.type(screen.getByLabelText(/^Nickname/), 'ada');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Email already registered')).toBeTruthy();

    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Registration failed'));
  });
});

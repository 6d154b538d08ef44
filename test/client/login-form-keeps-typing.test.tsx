/**
 * Arriving at the login form after registering: what is typed, or autofilled, the moment its
 * address shows is never wiped by a later render. The login page's module is held back a
 * moment here, as a network would: the previous screen used to stay up under /login meanwhile,
 * and whatever went into its fields vanished when the login form replaced it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

vi.mock('../../client/app/routes/auth/login', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return importOriginal();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The field a person can see and type into: not one React keeps hidden while a page loads. */
function visibleField(label: RegExp) {
  return waitFor(() => {
    const field = screen
      .getAllByLabelText<HTMLInputElement>(label)
      .find((input) => !input.closest('[style*="display: none"]'));
    if (!field) throw new Error(`no visible field labelled ${label}`);
    return field;
  });
}

function accountApi() {
  return fakeApi(null, (call: FetchCall) => {
    if (call.path === '/api/auth/register') return { status: 201, body: { user: testUser } };
    if (call.path === '/api/auth/login') return { status: 200, body: { user: testUser } };
    return undefined;
  });
}

/** Registers through the form; answers once the address is /login (the page may still load). */
async function registerAndArrive() {
  const user = userEvent.setup();
  const app = renderApp('/register');
  await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
  await user.type(screen.getByLabelText(/^Nickname/), 'ada');
  await user.click(screen.getByRole('button', { name: 'Register' }));
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  return { user, ...app };
}

describe('the login form after registering', () => {
  it('keeps what is typed the moment its address shows, and signs in with it', async () => {
    const { calls } = accountApi();
    const { user, router } = await registerAndArrive();
    // Whatever Email field shows under /login now is the one a person would type into.
    await user.type(await visibleField(/^Email/), 'ada@example.com');
    await user.type(await visibleField(/^Password/), 'secret-pass');
    await screen.findByRole('heading', { name: 'Login' });
    await sleep(1000);

    expect((await visibleField(/^Email/)).value).toBe('ada@example.com');
    expect((await visibleField(/^Password/)).value).toBe('secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const sent = calls.find((call) => call.path === '/api/auth/login');
    expect(sent?.body).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
  });

  it('keeps what a password manager fills in as soon as the fields are there', async () => {
    accountApi();
    await registerAndArrive();
    // An autofill sets the fields' values at once, in one go, with no keystrokes.
    fireEvent.change(await visibleField(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(await visibleField(/^Password/), { target: { value: 'secret-pass' } });
    await screen.findByRole('heading', { name: 'Login' });
    await sleep(1000);

    expect((await visibleField(/^Email/)).value).toBe('ada@example.com');
    expect((await visibleField(/^Password/)).value).toBe('secret-pass');
  });
});

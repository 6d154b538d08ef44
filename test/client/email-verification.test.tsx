import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp, testUser } from './render-app';

describe('the page a mailed link opens', () => {
  it('sends its token once and shows what the server did', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/api/auth/verify-email'
        ? { status: 200, body: { message: 'Your email address is verified.' } }
        : undefined,
    );
    renderApp('/verify-email/tok-123');

    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    const posts = calls.filter((call) => call.path === '/api/auth/verify-email');
    expect(posts).toEqual([
      { method: 'POST', path: '/api/auth/verify-email', body: { token: 'tok-123' } },
    ]);
  });

  it("shows the server's refusal and where to get a new link", async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/verify-email'
        ? { status: 400, body: { error: 'This verification link is invalid or has expired.' } }
        : undefined,
    );
    renderApp('/verify-email/old');

    expect(
      await screen.findByText('This verification link is invalid or has expired.'),
    ).toBeTruthy();
    expect(screen.getByText(/ask for a new one in your account settings/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Settings' })).toBeTruthy();
  });
});

describe('the settings about the address', () => {
  it('say it is not verified, send a new link, and name the address a change waits for', async () => {
    const { calls } = fakeApi(testUser, (call) => {
      if (call.path === '/api/auth/settings/verify')
        return { status: 200, body: { success: true } };
      if (call.path === '/api/auth/verify-email/status') {
        return {
          status: 200,
          body: { email: testUser.email, emailVerified: false, pendingEmail: 'next@example.com' },
        };
      }
      if (call.path === '/api/auth/verify-email/resend') {
        return { status: 200, body: { message: `We sent a new link to ${testUser.email}.` } };
      }
      return undefined;
    });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));

    expect(await screen.findByText('Your email address is not verified')).toBeTruthy();
    expect(screen.getByText(/Check your new address, next@example.com/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(`We sent a new link to ${testUser.email}.`)).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/auth/verify-email/resend')).toHaveLength(1),
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

const VERIFY = '/api/auth/verify-email';
const PREVIEW = '/api/auth/verify-email/preview';
const posts = (calls: FetchCall[]) => calls.filter((call) => call.path === VERIFY);

describe('the page a mailed link opens', () => {
  it('uses nothing as it opens: it says what the link does and waits for a click', async () => {
    const { calls } = fakeApi(null, (call) => {
      if (call.path === PREVIEW) {
        return { status: 200, body: { kind: 'signup', email: 'victim@example.com' } };
      }
      if (call.path === VERIFY) return { status: 200, body: { message: 'Done.' } };
      return undefined;
    });
    renderApp('/verify-email/tok-123');

    const button = await screen.findByRole('button', { name: 'Confirm my email address' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeTruthy();
    expect(screen.getByText(/finishes creating a new account with/).textContent).toContain(
      'victim@example.com',
    );
    // A scanner that runs the page's script gets this far, and no further.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls)).toEqual([]);
    expect(calls.filter((call) => call.path === PREVIEW)).toEqual([
      { method: 'POST', path: PREVIEW, body: { token: 'tok-123' } },
    ]);
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('sends its token once on the click and shows what the server did', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === VERIFY
        ? { status: 200, body: { message: 'Your email address is verified.' } }
        : undefined,
    );
    renderApp('/verify-email/tok-123');
    const user = userEvent.setup();
    // The preview failed (here a 404): the page says it in general words, and still works.
    expect(await screen.findByText(/confirms an email address for an account/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm my email address' }));

    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(posts(calls)).toEqual([{ method: 'POST', path: VERIFY, body: { token: 'tok-123' } }]);
  });

  it('sends its token once however often the button is pressed', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === VERIFY
        ? { status: 200, body: { message: 'Your email address is verified.' } }
        : undefined,
    );
    renderApp('/verify-email/tok-456');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Confirm my email address' });
    await user.dblClick(button);

    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls)).toEqual([{ method: 'POST', path: VERIFY, body: { token: 'tok-456' } }]);
  });

  it('names the address an email change moves to, and works from the keyboard', async () => {
    const { calls } = fakeApi(testUser, (call) => {
      if (call.path === PREVIEW) {
        return { status: 200, body: { kind: 'change', email: 'next@example.com' } };
      }
      if (call.path === VERIFY) {
        return { status: 200, body: { message: 'Your email address is now next@example.com.' } };
      }
      return undefined;
    });
    renderApp('/verify-email/tok-789');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Confirm my email address' });
    expect(screen.getByText(/changes the email address of an account to/).textContent).toContain(
      'next@example.com',
    );
    expect(posts(calls)).toEqual([]);
    for (let i = 0; i < 20; i++) {
      if (document.activeElement?.textContent === 'Confirm my email address') break;
      await user.tab();
    }
    expect(document.activeElement?.textContent).toBe('Confirm my email address');
    await user.keyboard('{Enter}');

    const done = await screen.findByText('Your email address is now next@example.com.');
    expect(posts(calls)).toHaveLength(1);
    // The button is gone: focus is on what the server said, not lost to the page.
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
  });

  it("shows the server's refusal and where to get a new link", async () => {
    fakeApi(testUser, (call) =>
      call.path === VERIFY
        ? { status: 400, body: { error: 'This verification link is invalid or has expired.' } }
        : undefined,
    );
    renderApp('/verify-email/old');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email address' }));

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
    // A status region: its words come a moment after it appears (use-filled-after-mount.ts).
    expect(await screen.findByText(/Check your new address, next@example.com/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(`We sent a new link to ${testUser.email}.`)).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/auth/verify-email/resend')).toHaveLength(1),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

function settingsApi(extra: (call: FetchCall) => { status: number; body?: unknown } | undefined) {
  return fakeApi(testUser, (call) => {
    if (call.path === '/api/auth/settings/verify') {
      const { password } = call.body as { password: string };
      return password === 'secret1'
        ? { status: 200, body: { success: true } }
        : { status: 401, body: { error: 'Incorrect password' } };
    }
    return extra(call);
  });
}

async function verify(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Current Password/), password);
  await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
  return user;
}

describe('account settings', () => {
  it("stays on step 1 with the server's error when the password is wrong", async () => {
    settingsApi(() => undefined);
    renderApp('/settings');
    await verify('wrong-password');

    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Update Email' })).toBeNull();
  });

  it('puts the focus in step 2, on the new email, once the password is verified', async () => {
    settingsApi(() => undefined);
    renderApp('/settings');
    await verify('secret1');

    const newEmail = await screen.findByLabelText(/^New Email/);
    // Step 1's form is gone: without this the focus would fall back to the page's start.
    await waitFor(() => expect(document.activeElement).toBe(newEmail));
  });

  it('updates the email with the verified password and shows the message', async () => {
    const { calls } = settingsApi((call) =>
      call.path === '/api/auth/settings/email'
        ? {
            status: 200,
            body: { message: 'Email updated', user: { ...testUser, email: 'new@example.com' } },
          }
        : undefined,
    );
    renderApp('/settings');
    const user = await verify('secret1');

    expect(await screen.findByRole('heading', { name: 'Update Email' })).toBeTruthy();
    expect(screen.getByText(/only used for account notifications/)).toBeTruthy();
    const newEmail = screen.getByLabelText(/^New Email/);
    expect(newEmail.getAttribute('type')).toBe('email');
    expect(newEmail.hasAttribute('required')).toBe(true);

    await user.type(newEmail, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));

    expect(await screen.findByText('Email updated')).toBeTruthy();
    // The session's user carries the email: it is read again from the server.
    const sessionChecks = () => calls.filter((call) => call.path === '/api/auth/login/current');
    await waitFor(() => expect(sessionChecks()).toHaveLength(2));
    const sent = calls.find((call) => call.path === '/api/auth/settings/email');
    expect(sent?.method).toBe('PUT');
    expect(sent?.body).toEqual({ currentPassword: 'secret1', newEmail: 'new@example.com' });
  });

  it('deletes the account through both dialogs and lands on /login with the message', async () => {
    window.localStorage.setItem('joinedRoomId', 'room-42');
    window.sessionStorage.setItem(
      'pendingRoomJoin',
      JSON.stringify({ room: 'room-43', savedAt: Date.now() }),
    );
    const { calls } = settingsApi((call) =>
      call.path === '/api/auth/settings/account'
        ? { status: 200, body: { message: 'Account deleted' } }
        : undefined,
    );
    const { router } = renderApp('/settings');
    const user = await verify('secret1');

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const first = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(first).getByText(
        'This action cannot be undone. All your data will be permanently deleted.',
      ),
    ).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Continue' }));

    const second = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    await user.type(within(second).getByLabelText(/^Password/), 'secret1');
    await user.click(within(second).getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByText('Your account has been deleted successfully')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    const sent = calls.find((call) => call.path === '/api/auth/settings/account');
    expect(sent?.method).toBe('DELETE');
    expect(sent?.body).toEqual({ password: 'secret1' });
    await waitFor(() => expect(window.localStorage.getItem('joinedRoomId')).toBeNull());
    expect(window.sessionStorage.getItem('pendingRoomJoin')).toBeNull();
    // Signed out: the top bar offers Register again.
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Register' })).toBeTruthy();
  });

  it("names both deletion dialogs' close buttons 'Close', and each one cancels", async () => {
    const { calls } = settingsApi(() => undefined);
    renderApp('/settings');
    const user = await verify('secret1');

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const first = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(first).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const second = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    await user.click(within(second).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/api/auth/settings/account')).toBe(false);
  });

  it("returns the focus to 'Delete Account' when the second dialog is cancelled", async () => {
    settingsApi(() => undefined);
    renderApp('/settings');
    const user = await verify('secret1');

    const deleteAccount = await screen.findByRole('button', { name: 'Delete Account' });
    await user.click(deleteAccount);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const second = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    await user.click(within(second).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The dialog opened from the first one's Continue, which is gone: not the page's start.
    await waitFor(() => expect(document.activeElement).toBe(deleteAccount));
  });

  it("keeps the dialog open with 'Failed to delete account' when the call fails", async () => {
    settingsApi((call) =>
      call.path === '/api/auth/settings/account' ? { status: 500 } : undefined,
    );
    const { router } = renderApp('/settings');
    const user = await verify('secret1');

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const second = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    await user.type(within(second).getByLabelText(/^Password/), 'secret1');
    await user.click(within(second).getByRole('button', { name: 'Delete Account' }));

    expect(await within(second).findByText('Failed to delete account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
  });
});

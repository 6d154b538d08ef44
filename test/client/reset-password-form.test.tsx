import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from './render-app';

async function fillIn(newPassword: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New Password/), newPassword);
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password form', () => {
  it("says 'Passwords do not match' and sends nothing", async () => {
    const { calls } = fakeApi(null);
    renderApp('/reset-password/tok123');
    await fillIn('secret1', 'secret2');

    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/auth/reset-password'))).toBe(false);
  });

  it('requires both fields and the minimum length before sending', async () => {
    const { calls } = fakeApi(null);
    renderApp('/reset-password/tok123');
    await fillIn('12345', '12345');

    expect(await screen.findAllByText('Password must be at least 6 characters long.')).toHaveLength(
      2,
    );
    expect(calls.some((call) => call.path.startsWith('/api/auth/reset-password'))).toBe(false);
  });

  it("shows the server's message, then goes to /login after 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = fakeApi(null, (call) =>
      call.path === '/api/auth/reset-password/reset'
        ? { status: 200, body: { message: 'Password has been reset.' } }
        : undefined,
    );
    const { router } = renderApp('/reset-password/tok123');
    await fillIn('secret1', 'secret1');

    expect(await screen.findByText('Password has been reset.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/reset-password/reset')?.body).toEqual({
      token: 'tok123',
      newPassword: 'secret1',
    });
    await vi.advanceTimersByTimeAsync(2500);
    expect(router.state.location.pathname).toBe('/reset-password/tok123');
    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("falls back to 'Failed to reset password'", async () => {
    fakeApi(null, (call) =>
      call.path === '/api/auth/reset-password/reset' ? { status: 500, text: '' } : undefined,
    );
    renderApp('/reset-password/tok123');
    await fillIn('secret1', 'secret1');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to reset password'),
    );
  });
});

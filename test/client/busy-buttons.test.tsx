import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { BusyButton } from '../../client/components/ui/busy-button';
import { ShareMenu } from '../../client/features/share/components/share-menu';
import { createQueryClient } from '../../client/lib/query-client';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';
import { renderWithMantine } from './render-mantine';

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

/**
 * From now on, holds the answers to the calls `held` picks until `release()`; the others answer
 * at once. `sent` counts the picked calls made since, answered or not.
 */
function holdAnswers(
  fetchMock: FetchMock,
  held: (call: { method: string; path: string }) => boolean,
) {
  let sent = 0;
  const waiting: (() => void)[] = [];
  const answerNow = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init) => {
    if (!held({ method: init?.method ?? 'GET', path: String(input) }))
      return answerNow(input, init);
    sent += 1;
    return new Promise<Response>((resolve) => {
      waiting.push(() => void answerNow(input, init).then(resolve));
    });
  });
  return {
    sent: () => sent,
    release: () => waiting.splice(0).forEach((answer) => answer()),
  };
}

/**
 * What a busy button must be: still the focused element (a disabled one drops the focus to the
 * page's start in browsers), announced as unavailable, and not disabled.
 */
function expectBusyWithFocus(button: HTMLElement) {
  expect(button.hasAttribute('disabled')).toBe(false);
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(button);
}

describe('BusyButton', () => {
  it('keeps the loader look while busy without disabling, and does nothing when pressed', () => {
    const pressed = vi.fn();
    const { rerender } = renderWithMantine(
      <BusyButton busy loader onClick={pressed}>
        Refresh
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    button.focus();
    expect(button.hasAttribute('data-loading')).toBe(true);
    expectBusyWithFocus(button);
    fireEvent.click(button);
    expect(pressed).not.toHaveBeenCalled();

    rerender(
      <MantineProvider env="test">
        <BusyButton busy={false} loader onClick={pressed}>
          Refresh
        </BusyButton>
      </MantineProvider>,
    );
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.hasAttribute('data-loading')).toBe(false);
    fireEvent.click(button);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('stays disabled for its own reasons, busy or not', () => {
    renderWithMantine(
      <BusyButton busy disabled>
        Save
      </BusyButton>,
    );
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('submit buttons keep the focus while their request is out', () => {
  it("'Signing In...' keeps it, and neither the button nor Enter in a field sends twice", async () => {
    const { fetchMock } = fakeApi(null, (call) =>
      call.path === '/api/auth/login' ? { status: 401, body: { error: 'Nope' } } : undefined,
    );
    const login = holdAnswers(fetchMock, (call) => call.path === '/api/auth/login');
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const button = await screen.findByRole('button', { name: 'Signing In...' });
    expectBusyWithFocus(button);
    await user.keyboard('{Enter}');
    await user.click(button);
    await user.type(password, '{Enter}');
    expect(login.sent()).toBe(1);

    login.release();
    expect(await screen.findByText('Nope')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('aria-disabled')).toBe(
      false,
    );
  });

  it("'Verifying...' keeps it on the settings' first step", async () => {
    const { fetchMock } = fakeApi(testUser, (call) =>
      call.path === '/api/auth/settings/verify' ? { status: 401, body: {} } : undefined,
    );
    const verify = holdAnswers(fetchMock, (call) => call.path === '/api/auth/settings/verify');
    renderApp('/settings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));

    const button = await screen.findByRole('button', { name: 'Verifying...' });
    expectBusyWithFocus(button);
    await user.keyboard('{Enter}');
    expect(verify.sent()).toBe(1);
    verify.release();
    expect(await screen.findByRole('button', { name: 'Continue to Settings' })).toBe(button);
  });
});

describe("'Send a new link'", () => {
  it('keeps the focus while the link is sent, and sends one', async () => {
    const { fetchMock } = fakeApi(testUser, (call) => {
      if (call.path === '/api/auth/settings/verify')
        return { status: 200, body: { success: true } };
      if (call.path === '/api/auth/verify-email/status')
        return { status: 200, body: { email: testUser.email, emailVerified: false } };
      if (call.path === '/api/auth/verify-email/resend')
        return { status: 200, body: { message: 'We sent a new link.' } };
      return undefined;
    });
    const resend = holdAnswers(fetchMock, (call) => call.path === '/api/auth/verify-email/resend');
    renderApp('/settings');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    const button = await screen.findByRole('button', { name: 'Send a new link' });
    button.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(resend.sent()).toBe(1));
    expectBusyWithFocus(button);
    await user.keyboard('{Enter}');
    expect(resend.sent()).toBe(1);
    resend.release();
    expect(await screen.findByText('We sent a new link.')).toBeTruthy();
    expect(document.activeElement).toBe(button);
  });
});

describe('admin buttons keep the focus while their request is out', () => {
  const admin = { ...testUser, id: 'a1', email: 'boss@example.com', role: 'admin' as const };
  const blocked = {
    ip: '203.0.113.9',
    threatScore: 120,
    violationCount: 9,
    lastSeen: '2026-01-02T03:04:05.000Z',
    status: 'blocked',
  };

  function adminApi() {
    return fakeApi(admin, (call: FetchCall) => {
      if (call.path === '/api/admin/stats')
        return { status: 200, body: { users: 2, rooms: 1, messages: 0 } };
      if (call.path === '/api/admin/users') {
        const users = [{ id: 'u1', _id: 'u1', email: 'ada@example.com', role: 'user' }];
        return { status: 200, body: { users, nextCursor: null, total: 1 } };
      }
      if (call.path === '/api/admin/rooms') {
        const rooms = [{ _id: 'r1', roomId: 'room-a', name: 'Attic', createdBy: null }];
        return { status: 200, body: { rooms, nextCursor: null, total: 1 } };
      }
      if (call.path === '/api/admin/security/logs?limit=100')
        return { status: 200, body: { events: [] } };
      if (call.path === '/api/admin/security/summary?hours=24')
        return {
          status: 200,
          body: { summary: { hours: 24, total: 0, violations: 0, byType: {} } },
        };
      if (call.path === '/api/admin/security/ip-stats') {
        const recentViolations = [blocked];
        return { status: 200, body: { blockedCount: 1, watchlistCount: 0, recentViolations } };
      }
      if (call.path === '/api/admin/security/unblock')
        return { status: 500, body: { error: 'Not now' } };
      if (call.path.startsWith('/api/admin/join/') || call.method === 'DELETE')
        return { status: 500, body: { error: 'Not now' } };
      return undefined;
    });
  }

  async function openSecurity() {
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    await screen.findByText(blocked.ip);
    return user;
  }

  it("the Security tab's Refresh", async () => {
    const { fetchMock } = adminApi();
    const user = await openSecurity();
    const reads = holdAnswers(fetchMock, (call) => call.path.startsWith('/api/admin/security/'));
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    refresh.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(reads.sent()).toBe(3));
    expectBusyWithFocus(refresh);
    await user.keyboard('{Enter}');
    await user.click(refresh);
    expect(reads.sent()).toBe(3);
    reads.release();
    await waitFor(() => expect(refresh.hasAttribute('aria-disabled')).toBe(false));
    expect(document.activeElement).toBe(refresh);
  });

  it('Unblock', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { fetchMock } = adminApi();
    const user = await openSecurity();
    const unblock = holdAnswers(fetchMock, (call) => call.path === '/api/admin/security/unblock');
    const button = within(screen.getByRole('row', { name: /203\.0\.113\.9/ })).getByRole('button', {
      name: 'Unblock',
    });
    await user.click(button);

    await waitFor(() => expect(unblock.sent()).toBe(1));
    expectBusyWithFocus(button);
    await user.keyboard('{Enter}');
    expect(unblock.sent()).toBe(1);
    unblock.release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Not now'));
    expect(document.activeElement).toBe(button);
  });

  it("a room's Join and a user's Delete, asking once", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { fetchMock } = adminApi();
    renderApp('/admin');
    const user = userEvent.setup();
    const rooms = await screen.findByRole('table', { name: 'Manage Rooms' });
    const join = await within(rooms).findByRole('button', { name: 'Join' });
    const joining = holdAnswers(fetchMock, (call) => call.path === '/api/admin/join/room-a');
    await user.click(join);
    await waitFor(() => expect(joining.sent()).toBe(1));
    expectBusyWithFocus(join);
    await user.keyboard('{Enter}');
    expect(joining.sent()).toBe(1);
    joining.release();
    await waitFor(() => expect(join.hasAttribute('aria-disabled')).toBe(false));

    const users = screen.getByRole('table', { name: 'Manage Users' });
    const remove = within(users).getByRole('button', { name: 'Delete' });
    const deleting = holdAnswers(fetchMock, (call) => call.method === 'DELETE');
    await user.click(remove);
    await waitFor(() => expect(deleting.sent()).toBe(1));
    expectBusyWithFocus(remove);
    await user.keyboard('{Enter}');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(deleting.sent()).toBe(1);
    deleting.release();
    await waitFor(() => expect(remove.hasAttribute('aria-disabled')).toBe(false));
  });
});

describe("the owner's invite-link buttons", () => {
  function renderOwnerMenu() {
    const { fetchMock } = fakeApi(null, (call: FetchCall) => {
      if (call.path === '/api/rooms/room-a/invite')
        return {
          status: 200,
          body: { inviteUrl: 'http://localhost/invite?room=room-a', canManage: true },
        };
      // Links already on: 'Create limited link' makes one without asking first.
      if (call.path === '/api/rooms/room-a/invites' && call.method === 'GET')
        return { status: 200, body: { links: [], roomIdAdmits: false } };
      return { status: 500, body: { error: 'Not now' } };
    });
    renderWithMantine(
      <QueryClientProvider client={createQueryClient()}>
        <ShareMenu roomId="room-a" roomName="Attic" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    return fetchMock;
  }

  it("'Create limited link' keeps the focus, and Enter in Max uses sends nothing more", async () => {
    const fetchMock = renderOwnerMenu();
    const user = userEvent.setup();
    const menu = await screen.findByRole('dialog', { name: 'Share "Attic"' });
    const create = await within(menu).findByRole('button', { name: 'Create limited link' });
    const creating = holdAnswers(
      fetchMock,
      (call) => call.path === '/api/rooms/room-a/invites' && call.method === 'POST',
    );
    await user.click(create);

    await waitFor(() => expect(creating.sent()).toBe(1));
    expectBusyWithFocus(create);
    await user.keyboard('{Enter}');
    await user.type(within(menu).getByLabelText('Max uses'), '5{Enter}');
    expect(creating.sent()).toBe(1);
    creating.release();
    expect(await within(menu).findByText('Not now')).toBeTruthy();
  });

  it("'Reset link' keeps the focus while the link is reset", async () => {
    const fetchMock = renderOwnerMenu();
    const user = userEvent.setup();
    const menu = await screen.findByRole('dialog', { name: 'Share "Attic"' });
    await user.click(await within(menu).findByRole('button', { name: 'Reset invite link' }));
    const reset = within(menu).getByRole('button', { name: 'Reset link' });
    const resetting = holdAnswers(fetchMock, (call) => call.path.endsWith('/invite/reset'));
    await user.click(reset);

    await waitFor(() => expect(resetting.sent()).toBe(1));
    expectBusyWithFocus(reset);
    await user.keyboard('{Enter}');
    expect(resetting.sent()).toBe(1);
    resetting.release();
    expect(await within(menu).findByText('Not now')).toBeTruthy();
  });
});

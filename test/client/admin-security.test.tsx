import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IpStats, SecurityEvent } from '../../contract/admin';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

const admin = { ...testUser, role: 'admin' as const };

const ipStats: IpStats = {
  blockedCount: 1,
  watchlistCount: 2,
  recentViolations: [
    {
      ip: '203.0.113.9',
      threatScore: 120,
      violationCount: 9,
      lastSeen: '2026-01-02T03:04:05.000Z',
      status: 'blocked',
    },
    {
      ip: '198.51.100.7',
      threatScore: 40,
      violationCount: 3,
      lastSeen: '2026-01-02T03:00:00.000Z',
      status: 'watchlist',
    },
  ],
};

const events: SecurityEvent[] = [
  {
    id: 1,
    eventType: 'login_failed',
    timestamp: '2026-01-02T05:06:07.000Z',
    details: { email: 'boss@example.com', attempts: 3 },
    count: 1,
  },
];

type Reply = { status: number; body?: unknown } | undefined;

/** The admin API with security data; `extra` answers (or overrides) a test's own calls. */
function securityApi(extra: (call: FetchCall) => Reply = () => undefined) {
  return fakeApi(admin, (call) => {
    const reply = extra(call);
    if (reply) return reply;
    if (call.path === '/api/admin/stats')
      return { status: 200, body: { users: 1, rooms: 0, messages: 0 } };
    if (call.path === '/api/admin/users')
      return { status: 200, body: { users: [], nextCursor: null, total: 0 } };
    if (call.path === '/api/admin/rooms')
      return { status: 200, body: { rooms: [], nextCursor: null, total: 0 } };
    if (call.path === '/api/admin/security/logs?limit=100')
      return { status: 200, body: { events } };
    if (call.path === '/api/admin/security/summary?hours=24')
      // 12 events, 7 of them violations: the tile counts those, not the audit trail.
      return {
        status: 200,
        body: { summary: { hours: 24, total: 12, violations: 7, byType: {} } },
      };
    if (call.path === '/api/admin/security/ip-stats') return { status: 200, body: ipStats };
    return undefined;
  });
}

const isSecurityCall = (call: FetchCall) => call.path.startsWith('/api/admin/security/');

async function openSecurityTab() {
  const user = userEvent.setup();
  renderApp('/admin');
  await user.click(await screen.findByRole('tab', { name: 'Security' }));
  return user;
}

function tileValue(label: string) {
  return screen.getByText(label, { exact: true }).nextElementSibling?.textContent;
}

describe('admin security tab', () => {
  it('loads when opened: tiles, violations with coloured statuses, and the events', async () => {
    const { calls } = securityApi();
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Manage Rooms' });
    expect(calls.some(isSecurityCall)).toBe(false);

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Security' }));
    const table = await screen.findByRole('table', { name: 'Recent Violations' });
    await within(table).findByText('203.0.113.9');

    expect(tileValue('Blocked IPs')).toBe('1');
    expect(tileValue('Watchlist')).toBe('2');
    expect(tileValue('24h Violations')).toBe('7');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['IP', 'Threat Score', 'Violations', 'Last Seen', 'Status', 'Actions']);

    const blocked = within(table).getByRole('row', { name: /203\.0\.113\.9/ });
    const watched = within(table).getByRole('row', { name: /198\.51\.100\.7/ });
    const badgeBg = (row: HTMLElement, status: string) =>
      within(row).getByText(status).closest('.mantine-Badge-root')!.getAttribute('style');
    expect(badgeBg(blocked, 'blocked')).toContain('--badge-bg: var(--mantine-color-red-9)');
    expect(badgeBg(watched, 'watchlist')).toContain('--badge-bg: var(--mantine-color-yellow-6)');
    expect(
      within(blocked).getByText(new Date(ipStats.recentViolations[0]!.lastSeen).toLocaleString()),
    ).toBeTruthy();
    expect(within(blocked).getByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(within(watched).queryByRole('button')).toBeNull();

    expect(screen.getByText('login_failed')).toBeTruthy();
    expect(screen.getByText(new Date(events[0]!.timestamp).toLocaleString())).toBeTruthy();
    const details = screen.getByText(/"attempts": 3/);
    expect(details.tagName).toBe('PRE');
    expect(details.textContent).toBe(JSON.stringify(events[0]!.details, null, 2));
    expect(screen.queryByText('No security events recorded')).toBeNull();
  });

  it('shows a flood as one line with its count, and the events around it as they are', async () => {
    const flood: SecurityEvent = {
      id: 7,
      eventType: 'invalid_session',
      timestamp: '2026-01-02T06:00:02.000Z',
      firstTimestamp: '2026-01-02T06:00:00.000Z',
      details: { ip: '203.0.113.66', path: '/api/auth/login/current', cookie: 'forged' },
      count: 450,
    };
    securityApi((call) =>
      call.path === '/api/admin/security/logs?limit=100'
        ? { status: 200, body: { events: [flood, ...events] } }
        : undefined,
    );
    await openSecurityTab();
    const list = await screen.findByRole('region', { name: 'Recent Events' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines).toHaveLength(2);

    expect(within(lines[0]!).getByText('invalid_session')).toBeTruthy();
    expect(within(lines[0]!).getByText('450 times')).toBeTruthy();
    expect(within(lines[0]!).getByText(new Date(flood.timestamp).toLocaleString())).toBeTruthy();
    expect(
      within(lines[0]!).getByText(`First at ${new Date(flood.firstTimestamp!).toLocaleString()}`),
    ).toBeTruthy();

    // A single event says no count.
    expect(within(lines[1]!).getByText('login_failed')).toBeTruthy();
    expect(within(lines[1]!).queryByText(/times$/)).toBeNull();
    expect(within(lines[1]!).queryByText(/^First at/)).toBeNull();
  });

  it("says 'No security events recorded' when there are none", async () => {
    securityApi((call) =>
      call.path === '/api/admin/security/logs?limit=100'
        ? { status: 200, body: { events: [] } }
        : undefined,
    );
    await openSecurityTab();
    expect(await screen.findByText('No security events recorded')).toBeTruthy();
  });

  it('reloads on Refresh and after an Unblock', async () => {
    const { calls } = securityApi((call) =>
      call.path === '/api/admin/security/unblock'
        ? { status: 200, body: { success: true, message: '203.0.113.9 is no longer blocked' } }
        : undefined,
    );
    const user = await openSecurityTab();
    const ipStatsCalls = () => calls.filter((c) => c.path === '/api/admin/security/ip-stats');
    await screen.findByText('203.0.113.9');
    expect(ipStatsCalls()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(ipStatsCalls()).toHaveLength(2));

    const row = screen.getByRole('row', { name: /203\.0\.113\.9/ });
    await user.click(within(row).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(ipStatsCalls()).toHaveLength(3));
    expect(calls.find((c) => c.path === '/api/admin/security/unblock')?.body).toEqual({
      ip: '203.0.113.9',
    });
  });

  it('only logs a failed load, without a message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    securityApi((call) =>
      isSecurityCall(call) ? { status: 500, body: { error: 'Boom' } } : undefined,
    );
    await openSecurityTab();

    await waitFor(() => expect(logged).toHaveBeenCalledTimes(3));
    expect(screen.queryByText(/Boom/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });
});

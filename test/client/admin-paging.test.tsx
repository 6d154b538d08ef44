/**
 * The admin tables at scale: a debounced server-side search, Load more by cursor, and the
 * progress of a broadcast to every room, polled until it is done.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRoom, AdminUser } from '../../contract/admin';
import { broadcastPollMs } from '../../client/features/admin/api/get-broadcast-status';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

const admin = { ...testUser, id: 'a1', email: 'boss@example.com', role: 'admin' as const };

const userOf = (i: number): AdminUser => ({
  id: `u${i}`,
  _id: `u${i}`,
  email: `person${i}@example.com`,
  role: 'user',
  nickname: `person${i}`,
  createdAt: i,
});
const roomOf = (i: number): AdminRoom => ({
  _id: `room-${i}`,
  roomId: `room-${i}`,
  name: `Room ${i}`,
  createdBy: null,
  createdAt: i,
});

type Reply = { status: number; body?: unknown } | undefined;

function pagedApi(extra: (call: FetchCall) => Reply = () => undefined) {
  return fakeApi(admin, (call) => {
    const reply = extra(call);
    if (reply) return reply;
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/stats')
      return { status: 200, body: { users: 30, rooms: 3, messages: 0 } };
    if (url.pathname === '/api/admin/users') {
      const q = url.searchParams.get('q');
      if (q) return { status: 200, body: { users: [userOf(7)], nextCursor: null, total: 1 } };
      const second = url.searchParams.get('cursor') === 'page-2';
      const ids = second ? [5, 4, 3, 2, 1] : [30, 29, 28];
      return {
        status: 200,
        body: { users: ids.map(userOf), nextCursor: second ? null : 'page-2', total: 8 },
      };
    }
    if (url.pathname === '/api/admin/rooms')
      return { status: 200, body: { rooms: [1, 2, 3].map(roomOf), nextCursor: null, total: 3 } };
    return undefined;
  });
}

const usersTable = () => screen.getByRole('table', { name: 'Manage Users' });
const emails = () =>
  within(usersTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('admin tables at scale', () => {
  it('loads the next page of users on Load more, after the first', async () => {
    const { calls } = pagedApi();
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Manage Users' });
    expect(emails()).toEqual([
      'person30@example.com',
      'person29@example.com',
      'person28@example.com',
    ]);
    expect(screen.getByText('Showing 3 of 8')).toBeTruthy();

    const users = screen.getByRole('heading', { name: 'Manage Users' }).closest('section')!;
    await userEvent.setup().click(within(users).getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(emails()).toHaveLength(8));
    expect(emails().at(-1)).toBe('person1@example.com');
    expect(screen.getByText('Showing 8 of 8')).toBeTruthy();
    expect(within(users).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/admin/users?cursor=page-2')).toBe(true);
  });

  it('keeps the focus through Load more: on the button while it loads, then on the count', async () => {
    const { fetchMock } = pagedApi();
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Manage Users' });
    const users = screen.getByRole('heading', { name: 'Manage Users' }).closest('section')!;
    const more = within(users).getByRole('button', { name: 'Load more' });
    let answer: (() => void) | null = null;
    const answerNow = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('cursor=page-2')
        ? new Promise<Response>((resolve) => {
            answer = () => void answerNow(input, init).then(resolve);
          })
        : answerNow(input, init),
    );

    more.focus();
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(answer).not.toBeNull());
    // Disabled while it loads, the button would drop the keyboard's focus to the page.
    expect(more.hasAttribute('disabled')).toBe(false);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(more);

    answer!();
    await waitFor(() => expect(emails()).toHaveLength(8));
    // The last page takes the button away: the focus goes to the count beside it.
    expect(within(users).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement).toBe(within(users).getByText('Showing 8 of 8'));
  });

  it('searches on the server once typing pauses, not on every key', async () => {
    const { calls } = pagedApi();
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Manage Users' });

    await userEvent
      .setup()
      .type(screen.getByRole('searchbox', { name: 'Search users' }), 'person7');

    await waitFor(() => expect(emails()).toEqual(['person7@example.com']));
    const searches = calls.filter((call) => call.path.startsWith('/api/admin/users?q='));
    expect(searches.map((call) => call.path)).toEqual(['/api/admin/users?q=person7']);
    expect(screen.getByText('Showing 1 of 1')).toBeTruthy();
  });

  it('shows a broadcast to every room being delivered, until it is done', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    let polls = 0;
    const { calls } = pagedApi((call) => {
      if (call.path === '/api/admin/broadcast')
        return {
          status: 202,
          body: {
            success: true,
            message: 'Broadcast sent successfully',
            broadcastId: 'b1',
            rooms: 3,
          },
        };
      if (call.path === '/api/admin/broadcasts/b1') {
        polls += 1;
        const delivered = Math.min(3, polls);
        return {
          status: 200,
          body: { broadcastId: 'b1', total: 3, delivered, failed: 0, done: delivered === 3 },
        };
      }
      return undefined;
    });
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Manage Users' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello everyone');
    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Broadcast sent successfully'));
    expect(calls.find((call) => call.path === '/api/admin/broadcast')?.body).toMatchObject({
      roomId: 'all',
    });
    expect(await screen.findByText('Delivered to 1 of 3 rooms...')).toBeTruthy();
    expect(
      await screen.findByText('Delivered to 3 of 3 rooms', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const settled = polls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polls).toBe(settled);
  }, 10_000);
  it('drops the progress of an earlier broadcast to every room once one goes to a single room', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    pagedApi((call) => {
      if (call.path === '/api/admin/broadcast') {
        const body = call.body as { roomId: string };
        return body.roomId === 'all'
          ? {
              status: 202,
              body: { success: true, message: 'Broadcast sent', broadcastId: 'b1', rooms: 3 },
            }
          : { status: 200, body: { success: true, message: 'Broadcast sent', rooms: 1 } };
      }
      if (call.path === '/api/admin/broadcasts/b1')
        return {
          status: 200,
          body: { broadcastId: 'b1', total: 3, delivered: 3, failed: 0, done: true },
        };
      return undefined;
    });
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Manage Users' });
    const user = userEvent.setup();
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.type(message, 'Hello everyone');
    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));
    expect(await screen.findByText('Delivered to 3 of 3 rooms')).toBeTruthy();

    const target = screen.getByRole('combobox', { name: 'Target' });
    await waitFor(() => expect(within(target).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(target, within(target).getAllByRole('option')[1]!);
    await user.type(message, 'Hello, one room');
    await user.click(screen.getByRole('button', { name: 'Send Broadcast' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    // What stayed under the form would read as this broadcast's reach.
    expect(screen.queryByText(/Delivered to/)).toBeNull();
  });

  it('asks less often as a delivery drags on: one the queue gave up on is never done', () => {
    expect(broadcastPollMs(0)).toBe(1000);
    expect(broadcastPollMs(29)).toBe(1000);
    expect(broadcastPollMs(30)).toBe(5000);
    expect(broadcastPollMs(89)).toBe(5000);
    expect(broadcastPollMs(90)).toBe(30_000);
    // An hour of an open dashboard: about 30 + 60 + 110 asks, not 3,600.
    let asked = 0;
    for (let waited = 0; waited < 3_600_000; waited += broadcastPollMs(asked)) asked += 1;
    expect(asked).toBeLessThan(250);
  });
});

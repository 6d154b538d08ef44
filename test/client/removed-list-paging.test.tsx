import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BansResponse, MembersResponse, RoomBan } from '../../contract/rooms';
import { ModerationPanel } from '../../client/features/rooms/components/moderation-panel';
import { createQueryClient } from '../../client/lib/query-client';
import { fakeApi, testUser, type FetchCall } from './render-app';
import { renderWithMantine } from './render-mantine';

const BANS = '/api/rooms/room-a/bans';
const noMembers: MembersResponse = { isOwner: true, roomCreator: 'u1', members: [] };

/** Removed people 'gone<from>' to 'gone<to - 1>', newest first. */
const gone = (from: number, to: number): RoomBan[] =>
  Array.from({ length: to - from }, (_, i) => ({
    userId: `g${from + i}`,
    nickname: `gone${from + i}`,
    bannedAt: 10_000 - from - i,
  }));

/** A Removed list of two pages (three bans, then two after 'cursor-3'), searched by prefix. */
function bansAnswer(call: FetchCall): { status: number; body?: BansResponse } | undefined {
  if (call.method !== 'GET' || !call.path.startsWith(BANS)) return undefined;
  const query = new URLSearchParams(call.path.slice(BANS.length));
  const q = query.get('q');
  if (q) {
    return { status: 200, body: { bans: gone(0, 5).filter((ban) => ban.nickname.startsWith(q)) } };
  }
  if (query.get('after') === 'cursor-3') return { status: 200, body: { bans: gone(3, 5) } };
  return { status: 200, body: { bans: gone(0, 3), nextAfter: 'cursor-3' } };
}

async function renderRemoved(answer = bansAnswer) {
  const api = fakeApi(testUser, answer);
  renderWithMantine(
    <QueryClientProvider client={createQueryClient()}>
      <ModerationPanel roomId="room-a" members={noMembers} currentUserId="u1" isAdmin={false} />
    </QueryClientProvider>,
  );
  const removed = await screen.findByRole('region', { name: 'Removed' });
  return { ...api, removed };
}

const unbanButtons = (removed: HTMLElement) =>
  within(removed)
    .queryAllByRole('button', { name: /^Unban/ })
    .map((button) => button.getAttribute('aria-label'));

describe('moderation panel: a Removed list past one page', () => {
  it('loads the later removed people with Load more, then hands the focus to its title', async () => {
    const { removed, calls } = await renderRemoved();
    await waitFor(() =>
      expect(unbanButtons(removed)).toEqual(['Unban gone0', 'Unban gone1', 'Unban gone2']),
    );
    const more = within(removed).getByRole('button', { name: 'Load more removed users' });
    act(() => more.focus());
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(unbanButtons(removed)).toHaveLength(5));
    expect(unbanButtons(removed).slice(3)).toEqual(['Unban gone3', 'Unban gone4']);
    expect(within(removed).queryByRole('button', { name: /^Load more/ })).toBeNull();
    expect(calls.some((call) => call.path === `${BANS}?after=cursor-3`)).toBe(true);
    expect(document.activeElement).toBe(within(removed).getByRole('heading', { name: 'Removed' }));
  });

  it('finds a removed person on the server by how the nickname starts', async () => {
    const { removed, calls } = await renderRemoved();
    const search = await within(removed).findByRole('searchbox', { name: 'Find a removed user' });
    await userEvent.setup().type(search, 'gone4');
    await waitFor(() => expect(unbanButtons(removed)).toEqual(['Unban gone4']));
    const searches = calls.filter((call) => call.path.startsWith(`${BANS}?q=`));
    expect(searches.map((call) => call.path)).toEqual([`${BANS}?q=gone4`]);

    await userEvent.setup().clear(search);
    await userEvent.setup().type(search, 'nobody');
    expect(await within(removed).findByText('No matching removed users')).toBeTruthy();
    // The box stays under the person typing in it.
    expect(within(removed).getByRole('searchbox', { name: 'Find a removed user' })).toBe(search);
  });

  it('offers no search and no Load more when every removed person fits one answer', async () => {
    const { removed } = await renderRemoved((call) =>
      call.method === 'GET' && call.path === BANS
        ? { status: 200, body: { bans: gone(0, 2) } }
        : undefined,
    );
    await waitFor(() => expect(unbanButtons(removed)).toEqual(['Unban gone0', 'Unban gone1']));
    expect(within(removed).queryByRole('searchbox')).toBeNull();
    expect(within(removed).queryByRole('button', { name: /^Load more/ })).toBeNull();
  });
});

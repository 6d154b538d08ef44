import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '../../contract/rooms';
import { noteRead } from '../../client/lib/unread/read-marks';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

const shareSwitch = () => screen.findByRole('switch', { name: /^Share when I have read messages/ });

describe("the 'Share when I have read messages' setting", () => {
  it('is on by default, needs no password, and saves each flip into the session', async () => {
    const { calls } = fakeApi(testUser, (call: FetchCall) => {
      if (call.path !== '/api/user/preferences') return undefined;
      const { shareReads } = call.body as { shareReads: boolean };
      return { status: 200, body: { user: { ...testUser, shareReads } } };
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const toggle = await shareSwitch();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(
      screen.getByText(
        'Others see when you have read their messages, and you see when they have read yours.',
      ),
    ).toBeTruthy();

    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    const saved = calls.filter((call) => call.path === '/api/user/preferences');
    expect(saved).toEqual([
      { method: 'PATCH', path: '/api/user/preferences', body: { shareReads: false } },
    ]);

    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(calls.filter((call) => call.path === '/api/user/preferences').at(-1)?.body).toEqual({
      shareReads: true,
    });
  });

  it('stays enabled and focused while a flip is saved, and takes no second flip meanwhile', async () => {
    const { fetchMock } = fakeApi(testUser, (call: FetchCall) =>
      call.path === '/api/user/preferences'
        ? { status: 200, body: { user: { ...testUser, shareReads: false } } }
        : undefined,
    );
    renderApp('/settings');
    const toggle = (await shareSwitch()) as HTMLInputElement;
    let answer: (() => void) | null = null;
    const answerLater = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(
      (input, init) =>
        new Promise<Response>((resolve) => {
          answer = () => void answerLater(input, init).then(resolve);
        }),
    );
    const saves = () =>
      fetchMock.mock.calls.filter(([input]) => String(input) === '/api/user/preferences');
    const user = userEvent.setup();

    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(answer).not.toBeNull());
    expect(toggle.checked).toBe(false);
    // Disabled, it would drop the keyboard's focus to the page as soon as it was flipped.
    expect(toggle.disabled).toBe(false);
    expect(toggle.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(toggle.checked).toBe(false);
    expect(saves()).toHaveLength(1);

    answer!();
    await waitFor(() => expect(toggle.getAttribute('aria-busy')).toBeNull());
    expect(toggle.checked).toBe(false);
    expect(saves()).toHaveLength(1);
    expect(document.activeElement).toBe(toggle);
  });

  it("shows the saved setting, and goes back to it with the server's error when saving fails", async () => {
    fakeApi({ ...testUser, shareReads: false }, (call) =>
      call.path === '/api/user/preferences'
        ? { status: 500, body: { error: 'Something went wrong' } }
        : undefined,
    );
    renderApp('/settings');
    const toggle = (await shareSwitch()) as HTMLInputElement;
    expect(toggle.checked).toBe(false);

    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(toggle.checked).toBe(false);
  });
});

describe("the room list's mention mark", () => {
  const room = (roomId: string, name: string, unreadMentions?: boolean): RoomSummary => ({
    _id: roomId,
    roomId,
    name,
    activeNickname: 'ada',
    unreadCount: 3,
    lastMessageId: 20,
    unreadMentions,
  });

  it("marks rooms with an unread mention with '@' beside the count, until this tab read them", async () => {
    noteRead('room-read', 20);
    fakeApi(testUser, (call) =>
      call.path === '/api/rooms'
        ? {
            status: 200,
            body: [
              room('room-m', 'Mentioned', true),
              room('room-q', 'Quiet', false),
              room('room-old', 'Older answer'),
              room('room-read', 'Read here', true),
            ],
          }
        : undefined,
    );
    renderApp('/');

    const card = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('a')!;
    const mentioned = await card('Mentioned');
    const mark = within(mentioned).getByLabelText('Unread mentions');
    expect(mark.textContent).toBe('@');
    expect(within(mentioned).getByTestId('unread-badge').textContent).toBe('3');
    for (const name of ['Quiet', 'Older answer', 'Read here']) {
      expect(within(await card(name)).queryByLabelText('Unread mentions')).toBeNull();
    }
  });
});

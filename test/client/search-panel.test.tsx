/**
 * The room's search (issue 35) on screen: the header's button opens the panel; a search lists
 * the matches with author, time and the marked words (rendered as text and <mark>, never as the
 * server's HTML), 'Load more' asks before the last result, empty and error states say so, and a
 * result handed to the list jumps there (the page around it, then the mark).
 */
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../client/features/chat/components/message-list';
import { SearchButton } from '../../client/features/chat/search/search-button';
import { snippetParts } from '../../client/features/chat/search/snippet-parts';
import { createQueryClient } from '../../client/lib/query-client';
import { fakeRoom, listedMessage } from './fake-room';
import { fakeApi, testUser, type FetchCall } from './render-app';
import { renderWithMantine } from './render-mantine';
import { stubIntersectionObserver } from './stub-observers';

const SEARCH = '/api/rooms/room-a/search';
const result = (id: number, snippet = `word <mark>needle</mark> ${id}`) => ({
  id,
  user: id % 2 ? 'bob' : 'cy',
  createdAt: Date.UTC(2024, 4, 1, 12, 0),
  snippet,
});

function renderSearch(answer: (call: FetchCall) => { status: number; body?: unknown }) {
  const api = fakeApi(testUser, (call) =>
    call.path.startsWith(SEARCH) ? answer(call) : undefined,
  );
  const onPick = vi.fn();
  renderWithMantine(
    <QueryClientProvider client={createQueryClient()}>
      <SearchButton roomId="room-a" onPick={onPick} />
    </QueryClientProvider>,
  );
  return { ...api, onPick };
}

async function searchFor(words: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Search messages' }));
  const box = await screen.findByRole('textbox', { name: 'Search this room' });
  fireEvent.change(box, { target: { value: words } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('snippetParts', () => {
  it('makes text of everything but the marks, entities read back', () => {
    expect(
      snippetParts('&lt;script&gt;x&lt;/script&gt; &amp; <mark>Tom&#39;s</mark> &quot;q&quot;'),
    ).toEqual([
      { text: '<script>x</script> & ', match: false },
      { text: "Tom's", match: true },
      { text: ' "q"', match: false },
    ]);
  });
});

describe('the search panel', () => {
  it('gives the focus back to the Search button when it closes, the first time as later', async () => {
    renderSearch(() => ({ status: 200, body: { results: [] } }));
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Search messages' });
    for (const opening of ['first', 'second']) {
      button.focus();
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(document.activeElement).toBe(
          screen.getByRole('textbox', { name: 'Search this room' }),
        ),
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement, `${opening} closing`).toBe(button));
    }
  });

  it('lists results with author and marked words, loads more, and hands a pick over', async () => {
    const { calls, onPick } = renderSearch((call) =>
      call.path.includes('before=')
        ? { status: 200, body: { results: [result(3)] } }
        : {
            status: 200,
            body: {
              results: [result(9, '&lt;b&gt;x <mark>needle</mark>'), result(8)],
              nextBefore: 8,
            },
          },
    );
    await searchFor('  needle ');
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(calls.find((c) => c.path.startsWith(SEARCH))!.path).toBe(`${SEARCH}?q=needle`);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('bob')).toBeTruthy();
    // The server's escaped markup is shown as the text it is; only the match is a <mark>.
    expect(items[0]!.textContent).toContain('<b>x needle');
    expect(items[0]!.querySelector('b')).toBeNull();
    expect(items[0]!.querySelector('mark')!.textContent).toBe('needle');
    expect(screen.getByRole('status').textContent).toBe('2 results, more older ones');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(calls.at(-1)!.path).toBe(`${SEARCH}?q=needle&before=8`);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(within(list).getAllByRole('button')[2]!);
    expect(onPick).toHaveBeenCalledWith(3);
  });

  it('says when nothing matches, and shows the server’s refusal', async () => {
    let refuse = false;
    renderSearch(() =>
      refuse
        ? { status: 429, body: { error: 'You are searching too fast' } }
        : { status: 200, body: { results: [] } },
    );
    await searchFor('absent');
    expect(await screen.findByText('No messages match “absent”.')).toBeTruthy();
    refuse = true;
    fireEvent.change(screen.getByRole('textbox', { name: 'Search this room' }), {
      target: { value: 'again' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are searching too fast');
  });

  it('clears what it found when the box is emptied and searched again', async () => {
    const { calls } = renderSearch(() => ({ status: 200, body: { results: [] } }));
    await searchFor('absent');
    expect(await screen.findByText('No messages match “absent”.')).toBeTruthy();
    const asked = calls.filter((call) => call.path.startsWith(SEARCH)).length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Search this room' }), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('No messages match “absent”.')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(calls.filter((call) => call.path.startsWith(SEARCH))).toHaveLength(asked);
  });

  it('says once that older results failed, keeping the ones shown', async () => {
    renderSearch((call) =>
      call.path.includes('before=')
        ? { status: 429, body: { error: 'You are searching too fast' } }
        : { status: 200, body: { results: [result(9)], nextBefore: 9 } },
    );
    await searchFor('needle');
    const list = await screen.findByRole('list', { name: 'Search results' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are searching too fast');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('stale results', () => {
  afterEach(() => {
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  /** Results `pages` pages long, 31 s old (stale), then the network comes back. */
  async function reconnectWith(pages: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = renderSearch((call) => {
      const before = Number(new URLSearchParams(call.path.split('?')[1]).get('before') ?? 100);
      const id = before - 1;
      return { status: 200, body: { results: [result(id)], nextBefore: id } };
    });
    await searchFor('needle');
    const list = await screen.findByRole('list', { name: 'Search results' });
    for (let page = 2; page <= pages; page += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(page));
    }
    const asked = calls.filter((call) => call.path.startsWith(SEARCH)).length;
    vi.setSystemTime(Date.now() + 31_000);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    return { calls, asked, list };
  }

  it('are asked for again after a reconnect while they are short', async () => {
    const { calls, asked } = await reconnectWith(2);
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith(SEARCH))).toHaveLength(asked + 2),
    );
  });

  it('stay as found when asking again would spend the room’s burst of searches', async () => {
    const { calls, asked, list } = await reconnectWith(4);
    // Nothing is asked: the four pages again would meet the room's limit of 5 at once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path.startsWith(SEARCH))).toHaveLength(asked);
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  });
});

/** One argument only: the tests map ids to messages. */
const message = (id: number) => listedMessage(id);

describe('jumping to a result', () => {
  beforeEach(() => {
    stubIntersectionObserver();
  });

  it('loads the page around it, marks and focuses it, and shows the way on to newer ones', async () => {
    const { room, set } = fakeRoom({ messages: [message(500), message(501)] });
    const list = (jumpTo: { messageId: number; asked: number } | null) => (
      <MantineProvider env="test">
        <MessageList room={room} nickname="ada" roomName="Lobby" jumpTo={jumpTo} />
      </MantineProvider>
    );
    const view = render(list(null));
    view.rerender(list({ messageId: 7, asked: 1 }));
    expect(room.loadAround).toHaveBeenCalledWith(7);
    set({ messages: [6, 7, 8].map(message), hasOlder: true, hasNewer: true });
    const item = () => document.querySelector<HTMLElement>('[data-message-id="7"]')!;
    await waitFor(() => expect(item().dataset.highlighted).toBe('true'));
    expect(document.activeElement).toBe(item());
    // The list is not the present: the end of the list asks for newer pages as it comes in view.
    set({ loadingNewer: true });
    expect(screen.getByRole('status', { name: 'Loading newer messages' })).toBeTruthy();
  });
});

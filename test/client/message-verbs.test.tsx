import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../contract/user';
import { MessageList } from '../../client/features/chat/components/message-list';
import type { RoomSnapshot } from '../../client/features/chat/connection/room-state';
import { SessionContext, type Session } from '../../client/lib/session/session-context';
import { fakeRoom, listedMessage as message } from './fake-room';
import { renderWithMantine } from './render-mantine';
import { testUser } from './render-app';
import { stubIntersectionObserver } from './stub-observers';

function renderList(
  initial: Partial<RoomSnapshot>,
  { moderator, user }: { moderator?: boolean; user?: PublicUser } = {},
) {
  const fake = fakeRoom(initial);
  const list = (
    <MessageList room={fake.room} nickname="ada" roomName="Lobby" moderator={moderator} />
  );
  const session = { user, loading: false } as Session;
  renderWithMantine(
    user ? <SessionContext.Provider value={session}>{list}</SessionContext.Provider> : list,
  );
  return fake;
}

const item = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;

beforeEach(() => {
  stubIntersectionObserver();
});

describe('a reply', () => {
  it('quotes its original, and takes the reader there with a mark', async () => {
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderList({
      messages: [
        message(1, 'bob'),
        message(2, 'ada', { replyTo: { id: 1, user: 'bob', excerpt: 'message 1' } }),
      ],
    });
    const quote = screen.getByRole('button', {
      name: 'Reply to bob: message 1. Show the original',
    });
    expect(within(quote).getByText('bob')).toBeTruthy();
    fireEvent.click(quote);
    await waitFor(() => expect(item(1).dataset.highlighted).toBe('true'));
    expect(scrolled.mock.contexts.at(-1)).toBe(item(1));
    expect(document.activeElement).toBe(item(1));
  });

  it('loads the page around an original that is not listed, then marks it', async () => {
    const { room, set } = renderList({
      hasOlder: true,
      messages: [message(60, 'ada', { replyTo: { id: 3, user: 'bob', excerpt: 'way back' } })],
    });
    fireEvent.click(screen.getByRole('button', { name: /Reply to bob: way back/ }));
    expect(room.loadAround).toHaveBeenCalledWith(3);
    expect(room.loadOlder).not.toHaveBeenCalled();
    set({ hasOlder: false, hasNewer: true, messages: [message(2, 'cy'), message(3, 'bob')] });
    await waitFor(() => expect(item(3).dataset.highlighted).toBe('true'));
    expect(room.loadAround).toHaveBeenCalledTimes(1);
  });

  it('is not undone by newer pages coming in below while it scrolls from the end', async () => {
    const { set } = renderList({
      hasNewer: true,
      messages: [
        message(1, 'bob'),
        message(2, 'ada', { replyTo: { id: 1, user: 'bob', excerpt: 'message 1' } }),
      ],
    });
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    fireEvent.click(screen.getByRole('button', { name: /Reply to bob: message 1/ }));
    await waitFor(() => expect(item(1).dataset.highlighted).toBe('true'));
    // The jump's smooth scroll begins at the end of the page (a link opens the room there)...
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1200);
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(2000);
    fireEvent.scroll(window);
    // ...when the next page reaches the present: the list does not follow it to the end.
    set({ hasNewer: false, messages: [message(1, 'bob'), message(2, 'ada'), message(3, 'bob')] });
    expect(scrolled).not.toHaveBeenCalledWith({ behavior: 'smooth', block: 'end' });
  });

  it('says so when its original was deleted', () => {
    renderList({ messages: [message(2, 'ada', { replyTo: { id: 1, deleted: true } })] });
    expect(screen.getByText('Original message deleted')).toBeTruthy();
  });
});

describe('reactions', () => {
  it('show one toggle per emoji with its count, pressed for the reader’s own, naming who', () => {
    const { room } = renderList({
      messages: [
        message(1, 'bob', {
          reactions: [
            { emoji: '👍', count: 5, nicknames: ['Ada', 'bob'] },
            { emoji: '🎉', count: 1, nicknames: ['cy'] },
          ],
        }),
      ],
    });
    const thumbs = screen.getByRole('button', { name: '👍 5: Ada, bob +3 more' });
    expect(thumbs.getAttribute('aria-pressed')).toBe('true');
    expect(thumbs.textContent).toBe('👍5');
    const party = screen.getByRole('button', { name: '🎉 1: cy' });
    expect(party.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(party);
    expect(room.react).toHaveBeenCalledWith(1, '🎉');
  });
});

describe('an edited or deleted message', () => {
  it('says (edited) beside its time, with when on hover', () => {
    renderList({ messages: [message(1, 'bob', { editedAt: Date.UTC(2025, 0, 1, 13) })] });
    expect(screen.getByText('(edited)').getAttribute('title')).toMatch(/^Edited /);
  });

  it('is a placeholder once deleted, without actions or reactions', () => {
    renderList({
      messages: [
        message(1, 'ada', {
          text: '',
          deleted: true,
          reactions: [{ emoji: '👍', count: 1, nicknames: ['bob'] }],
        }),
        message(2, 'ada'),
      ],
    });
    expect(within(item(1)).getByText('Message deleted')).toBeTruthy();
    expect(within(item(1)).queryAllByRole('button')).toEqual([]);
    expect(within(item(2)).getByRole('button', { name: /Actions for your message/ })).toBeTruthy();
  });
});

describe('who may edit and delete', () => {
  const actionsOf = async (id: number) => {
    fireEvent.click(within(item(id)).getByRole('button', { name: /Actions for/ }));
    const menu = await screen.findByRole('menu');
    return within(menu)
      .getAllByRole('menuitem')
      .map((entry) => entry.textContent);
  };

  it('lets the author edit and delete, and nobody else but a moderator delete', async () => {
    renderList({ messages: [message(1, 'bob'), message(2, 'ada')] });
    expect(await actionsOf(2)).toEqual(['Reply', 'React', 'Copy text', 'Edit', 'Delete']);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(await actionsOf(1)).toEqual(['Reply', 'React', 'Copy text']);
  });

  it('lets the room’s owner or an administrator delete anyone’s message', async () => {
    const { room } = renderList({ messages: [message(1, 'bob')] }, { moderator: true });
    expect(await actionsOf(1)).toEqual(['Reply', 'React', 'Copy text', 'Delete']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(room.remove).toHaveBeenCalledWith(1);
  });

  it('knows an administrator from the session', async () => {
    renderList({ messages: [message(1, 'bob')] }, { user: { ...testUser, role: 'admin' } });
    expect(await actionsOf(1)).toEqual(['Reply', 'React', 'Copy text', 'Delete']);
  });
});

describe('mentions', () => {
  it('marks a message that mentions the reader, whatever the case', () => {
    renderList({
      messages: [
        message(1, 'bob', {
          text: '<p>hi <span class="mention">@ADA</span></p>',
          mentions: ['ADA'],
        }),
        message(2, 'bob', {
          text: '<p>hi <span class="mention">@cy</span></p>',
          mentions: ['cy'],
        }),
      ],
    });
    expect(item(1).dataset.mentionsMe).toBe('true');
    expect(item(1).querySelector('span.mention')?.textContent).toBe('@ADA');
    expect(item(2).dataset.mentionsMe).toBeUndefined();
  });
});

describe('seen by', () => {
  it('sits under the reader’s newest message others have read, and names them', async () => {
    const { set } = renderList({
      messages: [message(1, 'ada'), message(2, 'ada'), message(3, 'bob'), message(4, 'ada')],
      seen: { ada: 4, bob: 3, cy: 2, dee: 1 },
    });
    const seenBy = within(item(2)).getByRole('button', { name: 'Seen by 2' });
    expect(within(item(1)).queryByRole('button', { name: /Seen by/ })).toBeNull();
    expect(within(item(4)).queryByRole('button', { name: /Seen by/ })).toBeNull();
    fireEvent.click(seenBy);
    const list = await screen.findByRole('list', { name: 'Seen by' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['bob', 'cy']);

    set({ seen: { ada: 4, bob: 4, cy: 2, dee: 1 } });
    expect(within(item(4)).getByRole('button', { name: 'Seen by 1' })).toBeTruthy();
    expect(within(item(2)).queryByRole('button', { name: /Seen by/ })).toBeNull();
  });

  it('is not shown to someone who does not share their own', () => {
    renderList(
      { messages: [message(1, 'ada')], seen: { bob: 1 } },
      { user: { ...testUser, shareReads: false } },
    );
    expect(screen.queryByRole('button', { name: /Seen by/ })).toBeNull();
  });

  it('opens on focus too', async () => {
    renderList({ messages: [message(1, 'ada')], seen: { bob: 1 } });
    fireEvent.focus(screen.getByRole('button', { name: 'Seen by 1' }));
    expect(await screen.findByRole('list', { name: 'Seen by' })).toBeTruthy();
  });
});

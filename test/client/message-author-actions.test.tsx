/**
 * 'Message <author> privately' in the actions menu of someone else's message: composed in by
 * the chat route (lib/person-actions.tsx), so anyone who spoke in the room can be written to,
 * online or not. Never on one's own message, a notice, or inside a private conversation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageActions } from '../../client/features/chat/components/message-actions';
import { MessagePrivatelyMenuItem } from '../../client/features/direct/components/message-privately-menu-item';
import { PersonMenuItemsProvider, type AuthorActions } from '../../client/lib/person-actions';
import type { ChatMessage } from '../../contract/realtime';
import { fakeApi, renderAt, testUser, type FetchCall } from './render-app';

const inRoom = { ...testUser, roomId: 'room-a', activeNickname: 'Ada' };

const message = (user: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 7,
  user,
  text: 'hello there',
  messageType: 'user',
  createdAt: 1,
  ...overrides,
});

/** As the chat route composes it outside a private conversation. */
const messagePrivately: AuthorActions = (fromRoomId, author) => (
  <MessagePrivatelyMenuItem fromRoomId={fromRoomId} {...author} />
);
const noActions: AuthorActions = () => null;

function renderMessage(
  shown: ChatMessage,
  { own = false, offered = messagePrivately } = {},
  handle: (call: FetchCall) => { status: number; body?: unknown } | undefined = () => undefined,
) {
  const api = fakeApi(inRoom, handle);
  const { router } = renderAt(
    '/chat/:roomId',
    '/chat/room-a',
    <PersonMenuItemsProvider value={offered}>
      <MessageActions
        message={shown}
        own={own}
        canEdit={own}
        canDelete={own}
        onReply={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onReact={vi.fn()}
      >
        <div>{shown.text}</div>
      </MessageActions>
    </PersonMenuItemsProvider>,
  );
  return { api, router };
}

async function menuItems() {
  fireEvent.click(await screen.findByRole('button', { name: /^Actions for/ }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("a message's author, from its menu", () => {
  it('can be written to privately: the conversation opens and the screen goes to it', async () => {
    const { api, router } = renderMessage(message('Bob'), {}, (call) =>
      call.path === '/api/rooms/room-a/direct'
        ? { status: 201, body: { roomId: 'dm-1', activeNickname: 'Ada', created: true } }
        : undefined,
    );
    // After the session has said who the reader is: until then nothing is offered.
    await waitFor(async () => {
      expect(await menuItems()).toContain('Message Bob privately');
    });
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)[1]).toBe(
      'Message Bob privately',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Message Bob privately' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/dm-1'));
    const post = api.calls.find((call) => call.path === '/api/rooms/room-a/direct');
    // The message, not its nickname: 'Bob' may be someone else's by now.
    expect(post).toMatchObject({ method: 'POST', body: { messageId: 7 } });
    expect(post?.body).not.toHaveProperty('nickname');
  });

  it('stays in the room when the server refuses', async () => {
    const { router } = renderMessage(message('Bob'), {}, (call) =>
      call.path === '/api/rooms/room-a/direct'
        ? { status: 403, body: { error: "You can't message this person." } }
        : undefined,
    );
    await waitFor(async () => {
      expect(await menuItems()).toContain('Message Bob privately');
    });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Message Bob privately' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/chat/room-a');
  });

  it('is not offered on your own message, nor on a message under your nickname', async () => {
    renderMessage(message('Ada'), { own: true });
    expect(await menuItems()).toEqual(['Reply', 'React', 'Copy text', 'Edit', 'Delete']);
  });

  it("is not offered on a moderator's message", async () => {
    renderMessage(message('ChatModerator'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await menuItems()).toEqual(['Reply', 'React', 'Copy text']);
  });

  it('is not offered on a notice', async () => {
    renderMessage(message('System', { messageType: 'system-simple' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await menuItems()).not.toContain('Message System privately');
  });

  it('is not offered inside a private conversation (the route offers nothing there)', async () => {
    renderMessage(message('Bob'), { offered: noActions });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await menuItems()).toEqual(['Reply', 'React', 'Copy text']);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import type { PublicUser } from '../../contract/user';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';

// Deletions as the whole chat screen meets them, over its room connection: the focus after the
// person's own, and a reply being written to a message its author deletes.

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };
const message = (id: number, user: string): ChatMessage => ({
  id,
  user,
  text: `<p>message ${id}</p>`,
  messageType: 'user',
  createdAt: id,
});

/** The chat of room-a, joined, with `history` shown. */
async function openChat(history: ChatMessage[]) {
  fakeApi(inRoom);
  renderApp('/chat/room-a');
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  act(() => socket.last('join')?.ack?.({}));
  act(() => socket.receive('chatHistory', history));
  return socket;
}

const item = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;
const actionsOf = (id: number) => within(item(id)).getByRole('button', { name: /^Actions for/ });

/** Opens a message's menu from its actions button and chooses `name`. */
async function choose(id: number, name: string) {
  actionsOf(id).focus();
  fireEvent.click(actionsOf(id));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
}

beforeEach(() => {
  sockets.length = 0;
});

describe('deletions on the chat screen', () => {
  it('moves the focus to the next message’s actions once the person deletes theirs', async () => {
    const socket = await openChat([message(1, 'ada'), message(2, 'bob')]);
    await choose(1, 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(socket.last('deleteMessage')?.payload).toMatchObject({ messageId: 1 });
    act(() => socket.receive('messageDeleted', { id: 1 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(actionsOf(2));
  });

  it('ends a reply being written once its message is deleted, keeping the words', async () => {
    const socket = await openChat([message(1, 'bob'), message(2, 'ada')]);
    await choose(1, 'Reply');
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'sounds good' } });
    expect(screen.getByText('Replying to bob', { selector: 'p' })).toBeTruthy();

    act(() => socket.receive('messageDeleted', { id: 1 }));
    expect(screen.queryByText('Replying to bob', { selector: 'p' })).toBeNull();
    expect(box.value).toBe('sounds good');
    const notice = screen.getByText('The message you were replying to was deleted.');
    expect(notice.closest('[role="status"]')).toBeTruthy();

    fireEvent.keyDown(box, { key: 'Enter' });
    const sent = socket.last('sendMessage')?.payload;
    expect(sent).toMatchObject({ text: 'sounds good' });
    expect(sent).not.toHaveProperty('replyTo');
  });
});

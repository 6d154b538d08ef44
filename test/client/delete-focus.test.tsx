import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MessageList } from '../../client/features/chat/components/message-list';
import { applyDeletion } from '../../client/features/chat/utils/apply-message-change';
import type { ChatMessage } from '../../contract/realtime';
import { fakeRoom, listedMessage } from './fake-room';
import { renderWithMantine } from './render-mantine';
import { stubIntersectionObserver } from './stub-observers';

// Once a person confirms the deletion of their message, its actions button (which had the
// focus) goes with its content: the focus goes on to the next message's button, the previous
// one's after the last, or the message box, never the page's start.

const item = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;
const actionsOf = (id: number) => within(item(id)).getByRole('button', { name: /^Actions for/ });

/** The list as the chat screen has it, above the message bar and its box. */
function renderList(messages: ChatMessage[]) {
  const { room, set } = fakeRoom({ messages });
  renderWithMantine(
    <>
      <MessageList room={room} nickname="ada" roomName="Lobby" />
      <div data-message-bar>
        <textarea aria-label="Message" />
      </div>
    </>,
  );
  return { room, set, messages: () => room.getSnapshot().messages };
}

/** From the message's actions button: its menu's Delete, then the confirm's. */
async function deleteMessage(id: number) {
  const button = actionsOf(id);
  button.focus();
  fireEvent.click(button);
  const menu = await screen.findByRole('menu');
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

beforeEach(() => {
  stubIntersectionObserver();
});

describe('the focus once a message is deleted', () => {
  it('goes to the next message’s actions button, and stays there once the room deletes it', async () => {
    const view = renderList([listedMessage(1, 'ada'), listedMessage(2, 'bob')]);
    await deleteMessage(1);
    expect(view.room.remove).toHaveBeenCalledWith(1);
    expect(document.activeElement).toBe(actionsOf(2));

    view.set({ messages: applyDeletion(view.messages(), 1) });
    expect(item(1).dataset.deleted).toBe('true');
    expect(document.activeElement).toBe(actionsOf(2));
  });

  it('skips a deleted message (it has no actions) to the next one that has', async () => {
    const deleted = listedMessage(2, 'bob', { text: '', deleted: true });
    renderList([listedMessage(1, 'ada'), deleted, listedMessage(3, 'bob')]);
    await deleteMessage(1);
    expect(document.activeElement).toBe(actionsOf(3));
  });

  it('goes to the previous message’s actions button after the last message', async () => {
    renderList([listedMessage(1, 'bob'), listedMessage(2, 'ada')]);
    await deleteMessage(2);
    expect(document.activeElement).toBe(actionsOf(1));
  });

  it('goes to the message box when no other message has actions', async () => {
    renderList([listedMessage(1, 'ada')]);
    await deleteMessage(1);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });
});

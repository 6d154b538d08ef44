import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import {
  LONG_PRESS_MS,
  MessageActions,
} from '../../client/features/chat/components/message-actions';
import { MessageBubble } from '../../client/features/chat/components/message-bubble';
import type { ChatMessage } from '../../contract/realtime';
import { renderWithMantine } from './render-mantine';

const bobs: ChatMessage = {
  id: 7,
  user: 'bob',
  text: 'first line<br>second <b>line</b> and a <a href="https://example.com">link</a>',
  messageType: 'user',
  createdAt: 1,
};

function renderActions(
  overrides: Partial<Parameters<typeof MessageActions>[0]> = {},
  message: ChatMessage = bobs,
) {
  const handlers = {
    onReply: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onReact: vi.fn(),
  };
  const view = renderWithMantine(
    <MessageActions
      message={message}
      own={false}
      canEdit={false}
      canDelete={false}
      {...handlers}
      {...overrides}
    >
      <div data-testid="content" dangerouslySetInnerHTML={{ __html: message.text }} />
    </MessageActions>,
  );
  return { ...view, ...handlers };
}

const actionsButton = () => screen.getByRole('button', { name: /^Actions for/ });

async function openMenu() {
  fireEvent.click(actionsButton());
  return screen.findByRole('menu');
}

const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('a message’s actions', () => {
  it('names the message in its button, and offers what the person may do', async () => {
    renderActions();
    expect(actionsButton().getAttribute('aria-label')).toBe(
      'Actions for bob\'s message: "first line second line and a link"',
    );
    expect(itemNames(await openMenu())).toEqual(['Reply', 'React', 'Copy text']);
  });

  it('adds Edit and Delete where allowed', async () => {
    renderActions({ own: true, canEdit: true, canDelete: true });
    expect(actionsButton().getAttribute('aria-label')).toMatch(/^Actions for your message: /);
    expect(itemNames(await openMenu())).toEqual(['Reply', 'React', 'Copy text', 'Edit', 'Delete']);
  });

  it('offers Delete without Edit to a moderator', async () => {
    renderActions({ canDelete: true });
    expect(itemNames(await openMenu())).toEqual(['Reply', 'React', 'Copy text', 'Delete']);
  });

  it('calls Reply and Edit', async () => {
    const { onReply, onEdit } = renderActions({ canEdit: true });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Reply' }));
    expect(onReply).toHaveBeenCalledOnce();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('has nothing for a deleted message, nor for a passing notice', () => {
    renderActions({}, { ...bobs, text: '', deleted: true });
    expect(screen.getByTestId('content')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    fireEvent.contextMenu(screen.getByTestId('content'));
    expect(screen.queryByRole('menu')).toBeNull();
    cleanup();

    renderActions({}, { ...bobs, id: 'notice-1', messageType: 'system-simple' });
    expect(screen.getByTestId('content')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const { onDelete } = renderActions({ canDelete: true });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(actionsButton()));

    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('copies the message’s plain text, line breaks kept, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const show = vi.spyOn(notifications, 'show');
    renderActions();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy text' }));
    expect(writeText).toHaveBeenCalledWith('first line\nsecond line and a link');
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Message text copied' }),
      ),
    );
  });

  it('says when the clipboard refused', async () => {
    const writeText = () => Promise.reject(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const show = vi.spyOn(notifications, 'show');
    renderActions();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy text' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: 'Could not copy the text' }),
      ),
    );
  });

  it('opens from the keyboard, and the arrows move through the items', async () => {
    const user = userEvent.setup();
    const { onReply } = renderActions({ canEdit: true });
    await user.tab();
    // The content's link comes first, then the button.
    await user.tab();
    expect(document.activeElement).toBe(actionsButton());
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // The first item has the focus once the menu opens (no focus placeholder in the menu).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Reply'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('React');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(onReply).toHaveBeenCalledOnce();
    await waitFor(() => expect(menu.isConnected).toBe(false));
  });

  it('opens on a right-click, but leaves a link’s menu to the browser', async () => {
    renderActions();
    const link = screen.getByRole('link', { name: 'link' });
    expect(fireEvent.contextMenu(link)).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();

    expect(fireEvent.contextMenu(screen.getByText('second', { exact: false }))).toBe(false);
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('opens on a long press, not on a tap', async () => {
    vi.useFakeTimers();
    renderActions();
    const content = screen.getByTestId('content');
    const touch = { touches: [{ clientX: 10, clientY: 10 }] };

    fireEvent.touchStart(content, touch);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.touchEnd(content, { changedTouches: [{ clientX: 10, clientY: 10 }] });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.touchStart(content, touch);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(screen.getByRole('menu')).toBeTruthy();
    // The contextmenu a phone fires after a long press is not the browser's either.
    expect(fireEvent.contextMenu(content)).toBe(false);
  });

  it('reacts with an emoji from the picker, which then closes', async () => {
    const { onReact } = renderActions();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'React' }));
    const picker = await screen.findByRole('dialog', { name: "React to bob's message" });
    const quick = within(picker).getByRole('group', { name: 'Quick reactions' });
    fireEvent.click(within(quick).getByRole('button', { name: 'face with open mouth' }));
    expect(onReact).toHaveBeenCalledWith('😮');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(actionsButton()));
  });
});

describe('deleting a message', () => {
  it('leaves the focus on its place in the list, not lost with its actions button', async () => {
    const anns: ChatMessage = { ...bobs, user: 'ann', text: 'see you' };
    const onDelete = vi.fn();
    const bubble = (message: ChatMessage) => (
      <MantineProvider env="test">
        <ul>
          <MessageBubble
            message={message}
            own
            viewer="ann"
            onShowOriginal={vi.fn()}
            onReact={vi.fn()}
            onDelete={onDelete}
          />
        </ul>
      </MantineProvider>
    );
    const { rerender } = render(bubble(anns));
    actionsButton().focus();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).toHaveBeenCalledWith(7);
    const item = screen.getByText('see you').closest('li');
    await waitFor(() => expect(document.activeElement).toBe(item));
    // Not given back to the button a moment later, as a dialog that closes does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(item);

    // The room says it is deleted: the button goes with the message's content, the focus stays.
    rerender(bubble({ ...anns, text: '', deleted: true }));
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByText('Message deleted').closest('li'));
  });
});

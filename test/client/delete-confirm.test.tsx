import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageActions } from '../../client/features/chat/components/message-actions';
import { MessageBubble } from '../../client/features/chat/components/message-bubble';
import { MessageList } from '../../client/features/chat/components/message-list';
import { fakeRoom, listedMessage } from './fake-room';
import { renderWithMantine } from './render-mantine';
import { stubIntersectionObserver } from './stub-observers';

// A message's 'Delete this message?' confirm: made only once asked for, and the focus back on
// the message's actions button however it is turned down.

const bobs = listedMessage(7, 'bob');
const actionsButton = () => screen.getByRole('button', { name: /^Actions for/ });
const confirmRoots = () => document.querySelectorAll('.mantine-Modal-root').length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One message's actions, with a field before them where the focus may have been. */
function renderActions() {
  const onDelete = vi.fn();
  renderWithMantine(
    <>
      <input aria-label="Elsewhere" />
      <MessageActions
        message={bobs}
        own={false}
        canEdit={false}
        canDelete
        onReply={vi.fn()}
        onEdit={vi.fn()}
        onDelete={onDelete}
        onReact={vi.fn()}
      >
        <div data-testid="content">message 7</div>
      </MessageActions>
    </>,
  );
  return { onDelete };
}

/** From the keyboard: Tab to the actions button, open its menu, End to Delete, Enter. */
async function askFromKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(actionsButton());
  await user.keyboard('{Enter}');
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Reply'));
  await user.keyboard('{End}');
  expect(document.activeElement?.textContent).toBe('Delete');
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
  const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
  await waitFor(() => expect(document.activeElement).toBe(cancel));
  return dialog;
}

/** The focus is back on the actions button once the confirm is gone, and stays there. */
async function expectFocusBackOnButton() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(actionsButton()));
  await pause(50);
  expect(document.activeElement).toBe(actionsButton());
}

beforeEach(() => {
  stubIntersectionObserver();
});

describe('a message’s delete confirm', () => {
  it('is not made for any listed message until asked for, and goes once turned down', async () => {
    const messages = Array.from({ length: 50 }, (_, index) => listedMessage(index + 1, 'bob'));
    const { room } = fakeRoom({ messages });
    renderWithMantine(<MessageList room={room} nickname="ada" roomName="Lobby" moderator />);
    // Queried by selector: role queries over 50 messages' worth of page take seconds in jsdom.
    expect(document.querySelectorAll('[aria-label^="Actions for"]')).toHaveLength(50);
    expect(confirmRoots()).toBe(0);

    const item = document.querySelector<HTMLElement>('[data-message-id="7"]')!;
    fireEvent.click(within(item).getByRole('button', { name: /^Actions for/ }));
    const menu = await waitFor(() => document.querySelector<HTMLElement>('[role="menu"]')!);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[role="dialog"]')!);
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete this message?');
    expect(within(dialog).getByText(/message 7/)).toBeTruthy();
    expect(confirmRoots()).toBe(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmRoots()).toBe(0));
    expect(room.remove).not.toHaveBeenCalled();
  });

  it('gives the focus back to the actions button after Cancel (keyboard)', async () => {
    const user = userEvent.setup();
    const { onDelete } = renderActions();
    await askFromKeyboard(user);
    await user.keyboard('{Enter}');
    await expectFocusBackOnButton();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('gives the focus back to the actions button after Escape', async () => {
    const user = userEvent.setup();
    const { onDelete } = renderActions();
    await askFromKeyboard(user);
    await user.keyboard('{Escape}');
    await expectFocusBackOnButton();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('gives the focus back to the actions button after a click beside it, or on Close', async () => {
    const user = userEvent.setup();
    renderActions();
    await askFromKeyboard(user);
    fireEvent.click(document.querySelector('.mantine-Modal-overlay')!);
    await expectFocusBackOnButton();

    const dialog = await askAgain(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expectFocusBackOnButton();
  });

  it('is asked again after being turned down, and deletes once confirmed', async () => {
    const user = userEvent.setup();
    const { onDelete } = renderActions();
    await askFromKeyboard(user);
    await user.keyboard('{Escape}');
    await expectFocusBackOnButton();
    await askAgain(user);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Delete');
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the focus on the button even when the menu was opened from elsewhere', async () => {
    // A right-click opens the menu while the focus is in another field: the menu, closing as
    // Delete is chosen, would give the focus back there a moment later, over the confirm's.
    vi.useFakeTimers();
    renderActions();
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.contextMenu(screen.getByTestId('content'));
    act(() => vi.advanceTimersByTime(1));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Delete' }));
    act(() => vi.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Delete this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(actionsButton());
  });

  it('leaves the focus on the message’s place once Delete is confirmed (keyboard)', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(
      <MantineProvider env="test">
        <input aria-label="Elsewhere" />
        <ul>
          <MessageBubble
            message={bobs}
            own={false}
            viewer="ada"
            canDelete
            onShowOriginal={vi.fn()}
            onReact={vi.fn()}
            onDelete={onDelete}
          />
        </ul>
      </MantineProvider>,
    );
    const dialog = await askFromKeyboard(user);
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledWith(7);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const item = screen.getByText('message 7').closest('li');
    expect(document.activeElement).toBe(item);
    await pause(50);
    expect(document.activeElement).toBe(item);
  });
});

/** The actions button has the focus again: Enter, End, Enter asks once more. */
async function askAgain(user: ReturnType<typeof userEvent.setup>) {
  expect(document.activeElement).toBe(actionsButton());
  await user.keyboard('{Enter}');
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Reply'));
  await user.keyboard('{End}');
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
  await waitFor(() =>
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
  );
  return dialog;
}

describe('a delete confirm fading out', () => {
  // With the app's transitions (no env="test"), its buttons stay in the page for a moment.
  it('takes only its first answer: a double click on Delete asks for one deletion', async () => {
    const onDelete = vi.fn();
    render(
      <MantineProvider>
        <MessageActions
          message={bobs}
          own={false}
          canEdit={false}
          canDelete
          onReply={vi.fn()}
          onEdit={vi.fn()}
          onDelete={onDelete}
          onReact={vi.fn()}
        >
          <div>message 7</div>
        </MessageActions>
      </MantineProvider>,
    );
    fireEvent.click(actionsButton());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Delete this message?' },
      { timeout: 3000 },
    );
    const del = within(dialog).getByRole('button', { name: 'Delete' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    fireEvent.click(del);
    await pause(60);
    expect(document.body.contains(del)).toBe(true);
    fireEvent.click(del);
    fireEvent.click(cancel);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

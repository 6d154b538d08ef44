import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import { ComposerIntentProvider } from '../../client/features/chat/composer/composer-intent';
import { ReplyTargetWatch } from '../../client/features/chat/composer/reply-target-watch';
import type { RoomSnapshot } from '../../client/features/chat/connection/room-state';
import { applyDeletion } from '../../client/features/chat/utils/apply-message-change';
import { keepOnlyDraftsOf } from '../../client/lib/draft-storage';
import { fakeRoom, listedMessage } from './fake-room';
import { testUser } from './render-app';
import { renderWithMantine } from './render-mantine';
import { ReplyStandIn } from './reply-stand-in';
import { watchLiveRegions } from './watch-live-regions';

// A reply being written whose message is deleted (by its author or a moderator), or shown
// deleted by the history once loaded: the banner goes, the words stay, and the person is told.

const ADA = testUser.id;
const bobs = listedMessage(7, 'bob');
const DELETED = 'The message you were replying to was deleted.';

/** The message bar as the chat screen composes it, over a room the test changes. */
function openBox(initial: Partial<RoomSnapshot>) {
  const { room, set } = fakeRoom(initial);
  renderWithMantine(
    <ComposerIntentProvider>
      <ReplyStandIn to={[bobs, listedMessage(8, 'cy')]} />
      <MessageForm
        roomId="room-a"
        accountId={ADA}
        onSend={vi.fn()}
        status={<ReplyTargetWatch room={room} />}
      />
    </ComposerIntentProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { box, set, messages: () => room.getSnapshot().messages };
}

const banner = () => screen.queryByText(/^Replying to /, { selector: 'p' })?.textContent ?? null;
const told = () => screen.queryByText(/^The message you were replying to/)?.textContent ?? null;
const storedReply = () => {
  const drafts = JSON.parse(window.localStorage.getItem(`drafts:${ADA}`) ?? '{}');
  return drafts['room-a'] as { text: string; replyTo?: unknown } | undefined;
};
const storeDraft = (replyTo: number) =>
  window.localStorage.setItem(
    `drafts:${ADA}`,
    JSON.stringify({
      'room-a': {
        text: 'still on?',
        replyTo: { id: replyTo, user: 'bob', excerpt: 'message 7' },
        savedAt: Date.now(),
      },
    }),
  );

let regions: ReturnType<typeof watchLiveRegions>;
beforeEach(() => {
  keepOnlyDraftsOf(ADA);
  regions = watchLiveRegions();
});
afterEach(() => regions.stop());

describe('a reply whose message is deleted while it is written', () => {
  it('loses its banner, keeps the words, says why, and the draft keeps the words alone', async () => {
    const view = openBox({ messages: [bobs, listedMessage(8, 'cy')] });
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    fireEvent.change(view.box, { target: { value: 'yes, see you' } });
    expect(banner()).toBe('Replying to bob');
    await waitFor(() => expect(storedReply()?.replyTo).toMatchObject({ id: 7 }));

    view.set({ messages: applyDeletion(view.messages(), 7) });
    expect(banner()).toBeNull();
    expect(view.box.value).toBe('yes, see you');
    expect(told()).toBe(DELETED);
    // A live region there from the start, so screen readers say the words as they come.
    expect(regions.textAtMount(screen.getByText(DELETED))).toBe('');
    await waitFor(() =>
      expect(storedReply()).toEqual({ text: 'yes, see you', savedAt: expect.any(Number) }),
    );

    // Another reply clears the notice.
    fireEvent.click(screen.getByRole('button', { name: 'reply to cy' }));
    expect(banner()).toBe('Replying to cy');
    expect(told()).toBeNull();
  });

  it('ends too when the message is not listed and its deletion is heard', () => {
    // Older messages are still on the server: message 7 may be among them.
    const view = openBox({ messages: [listedMessage(8, 'cy')], hasOlder: true });
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    view.set({ heardDeleted: [3] });
    expect(banner()).toBe('Replying to bob');
    view.set({ heardDeleted: [3, 7] });
    expect(banner()).toBeNull();
    expect(told()).toBe(DELETED);
  });

  it('gives the focus to the box when it was on the banner’s ×', () => {
    const view = openBox({ messages: [bobs] });
    fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
    screen.getByRole('button', { name: 'Cancel reply' }).focus();
    view.set({ messages: applyDeletion(view.messages(), 7) });
    expect(document.activeElement).toBe(view.box);
  });
});

describe('a draft’s reply back from storage', () => {
  it('ends once the history shows its message deleted', async () => {
    storeDraft(7);
    const view = openBox({ historyLoaded: false });
    expect(banner()).toBe('Replying to bob');
    view.set({
      historyLoaded: true,
      messages: [listedMessage(7, 'bob', { text: '', deleted: true }), listedMessage(8, 'cy')],
    });
    expect(banner()).toBeNull();
    expect(view.box.value).toBe('still on?');
    expect(told()).toBe(DELETED);
    await waitFor(() => expect(storedReply()?.replyTo).toBeUndefined());
    expect(storedReply()?.text).toBe('still on?');
  });

  it('ends once a reply in the history quotes its message as deleted', () => {
    storeDraft(7);
    const quoting = listedMessage(9, 'cy', { replyTo: { id: 7, deleted: true } });
    openBox({ messages: [listedMessage(8, 'cy'), quoting], hasOlder: true });
    expect(banner()).toBeNull();
    expect(told()).toBe(DELETED);
  });

  it('ends when the history reaches the room’s beginning and that is after it (trimmed)', () => {
    storeDraft(7);
    openBox({ messages: [listedMessage(20, 'cy'), listedMessage(21, 'bob')], hasOlder: false });
    expect(banner()).toBeNull();
    expect(told()).toBe('The message you were replying to is no longer in the room.');
  });

  it('stays while the history does not reach back to its message: only the room can say', () => {
    storeDraft(7);
    const view = openBox({ historyLoaded: false });
    view.set({ historyLoaded: true, messages: [listedMessage(20, 'cy')], hasOlder: true });
    expect(banner()).toBe('Replying to bob');
    expect(told()).toBeNull();
  });
});

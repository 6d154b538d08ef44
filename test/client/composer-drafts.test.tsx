import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import {
  ComposerIntentProvider,
  useComposerActions,
} from '../../client/features/chat/composer/composer-intent';
import {
  DRAFT_KEPT_MS,
  DRAFT_ROOMS_MAX,
  clearDrafts,
  keepOnlyDraftsOf,
  readDraft,
  saveDraft,
} from '../../client/lib/draft-storage';
import { createQueryClient } from '../../client/lib/query-client';
import { SessionProvider } from '../../client/lib/session/session-provider';
import { useSession } from '../../client/lib/session/use-session';
import { MESSAGE_MAX_LENGTH, type ChatMessage } from '../../contract/realtime';
import { fakeApi, testUser } from './render-app';
import { renderWithMantine } from './render-mantine';

const ADA = testUser.id;
const mine: ChatMessage = {
  id: 3,
  user: 'ada',
  text: 'see you',
  messageType: 'user',
  createdAt: 3,
};

function EditStandIn() {
  const { edit } = useComposerActions();
  return (
    <button type="button" onClick={() => edit(mine)}>
      edit mine
    </button>
  );
}

/** The room's message box, as the chat screen opens it for `roomId` (a new room, a new box). */
function openBox(roomId: string, accountId = ADA) {
  const onSend = vi.fn(() => Promise.resolve({ ok: true as const }));
  const onTyping = vi.fn();
  const view = renderWithMantine(
    <ComposerIntentProvider>
      <EditStandIn />
      <MessageForm
        roomId={roomId}
        accountId={accountId}
        onSend={onSend}
        onEdit={() => Promise.resolve({ ok: true as const })}
        onTyping={onTyping}
      />
    </ComposerIntentProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { box, onSend, onTyping, close: view.unmount };
}

const type = (box: HTMLTextAreaElement, value: string) =>
  fireEvent.change(box, { target: { value } });

const stored = (accountId = ADA) =>
  JSON.parse(window.localStorage.getItem(`drafts:${accountId}`) ?? '{}') as Record<
    string,
    { text: string; savedAt: number }
  >;

beforeEach(() => {
  // Module state outlives a test: an account one signed out may write again.
  keepOnlyDraftsOf(ADA);
});

describe('a room’s draft in the message box', () => {
  it('is back when the room’s box opens again, with no typing signal and nothing sent', () => {
    const first = openBox('room-a');
    type(first.box, 'half a thought');
    first.close();

    const again = openBox('room-a');
    expect(again.box.value).toBe('half a thought');
    expect(again.onTyping).not.toHaveBeenCalled();
    expect(again.onSend).not.toHaveBeenCalled();
  });

  it('is saved after a pause in typing, and on pagehide at once', async () => {
    const { box } = openBox('room-a');
    type(box, 'slowly');
    await waitFor(() => expect(stored()['room-a']?.text).toBe('slowly'));
    type(box, 'slowly then fast');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()['room-a']?.text).toBe('slowly then fast');
  });

  it('is each room’s own', () => {
    const a = openBox('room-a');
    type(a.box, 'for room a');
    a.close();
    const b = openBox('room-b');
    expect(b.box.value).toBe('');
    type(b.box, 'for room b');
    b.close();
    expect(openBox('room-a').box.value).toBe('for room a');
  });

  it('goes when the message is sent', async () => {
    const first = openBox('room-a');
    type(first.box, 'sent soon');
    await waitFor(() => expect(stored()['room-a']?.text).toBe('sent soon'));
    fireEvent.keyDown(first.box, { key: 'Enter' });
    expect(first.onSend).toHaveBeenCalledWith('sent soon');
    first.close();
    expect(stored()['room-a']).toBeUndefined();
    expect(openBox('room-a').box.value).toBe('');
  });

  it('goes when the box is cleared', async () => {
    const { box } = openBox('room-a');
    type(box, 'never mind');
    await waitFor(() => expect(stored()['room-a']?.text).toBe('never mind'));
    type(box, '');
    await waitFor(() => expect(window.localStorage.getItem(`drafts:${ADA}`)).toBeNull());
  });

  it('is what was typed before an edit, not the edit', () => {
    const first = openBox('room-a');
    type(first.box, 'my own words');
    fireEvent.click(screen.getByRole('button', { name: 'edit mine' }));
    expect(first.box.value).toBe('see you');
    type(first.box, 'see you there');
    first.close();
    expect(openBox('room-a').box.value).toBe('my own words');
  });

  it('keeps no more than a message may hold', () => {
    const first = openBox('room-a');
    type(first.box, 'x'.repeat(MESSAGE_MAX_LENGTH + 500));
    first.close();
    expect(stored()['room-a']?.text).toHaveLength(MESSAGE_MAX_LENGTH);
    const again = openBox('room-a');
    expect(again.box.value).toHaveLength(MESSAGE_MAX_LENGTH);
    again.close();
    // Nor gives back more, whatever storage holds.
    const long = { text: 'y'.repeat(MESSAGE_MAX_LENGTH + 1), savedAt: Date.now() };
    window.localStorage.setItem(`drafts:${ADA}`, JSON.stringify({ 'room-b': long }));
    expect(openBox('room-b').box.value).toHaveLength(MESSAGE_MAX_LENGTH);
  });

  it('is a convenience: a storage that refuses writes loses the draft, not the box', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { box, close } = openBox('room-a');
    type(box, 'still here');
    expect(box.value).toBe('still here');
    expect(() => close()).not.toThrow();
  });
});

describe('the drafts’ bounds', () => {
  it('keeps the 50 newest rooms: a 51st drops the oldest', () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    for (let room = 1; room <= DRAFT_ROOMS_MAX + 1; room++) {
      saveDraft({ accountId: ADA, roomId: `room-${room}` }, `text ${room}`);
    }
    expect(Object.keys(stored())).toHaveLength(DRAFT_ROOMS_MAX);
    expect(readDraft({ accountId: ADA, roomId: 'room-1' })).toBe('');
    expect(readDraft({ accountId: ADA, roomId: 'room-2' })).toBe('text 2');
    expect(readDraft({ accountId: ADA, roomId: `room-${DRAFT_ROOMS_MAX + 1}` })).toBe('text 51');
  });

  it('drops drafts older than a week as they load', () => {
    const now = Date.now();
    window.localStorage.setItem(
      `drafts:${ADA}`,
      JSON.stringify({
        old: { text: 'last month', savedAt: now - DRAFT_KEPT_MS - 1000 },
        fresh: { text: 'yesterday', savedAt: now - 24 * 60 * 60 * 1000 },
        odd: { text: 42, savedAt: now },
      }),
    );
    expect(openBox('old').box.value).toBe('');
    expect(Object.keys(stored())).toEqual(['fresh']);
    expect(readDraft({ accountId: ADA, roomId: 'fresh' })).toBe('yesterday');
  });
});

function Who() {
  const { user, logout } = useSession();
  return (
    <>
      <p>{user?.email ?? 'nobody'}</p>
      <button onClick={() => void logout()}>Logout</button>
    </>
  );
}

describe('the drafts and the session', () => {
  it('keeps only the signed-in account’s, and clears them on logout', async () => {
    saveDraft({ accountId: ADA, roomId: 'room-a' }, 'ada’s words');
    saveDraft({ accountId: 'someone-before', roomId: 'room-a' }, 'their words');
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/logout' ? { status: 200, body: {} } : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <Who />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    await waitFor(() => expect(stored('someone-before')).toEqual({}));
    expect(readDraft({ accountId: ADA, roomId: 'room-a' })).toBe('ada’s words');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(window.localStorage.getItem(`drafts:${ADA}`)).toBeNull();
  });

  it('does not write the draft back when another tab of the account signed out', async () => {
    const { box, close } = openBox('room-a');
    type(box, 'typed in the tab left open');
    // Another tab: its own copy of the module, the same storage.
    vi.resetModules();
    const otherTab = await import('../../client/lib/draft-storage');
    otherTab.clearDrafts(ADA);
    close();
    expect(window.localStorage.getItem(`drafts:${ADA}`)).toBeNull();
    // Another account signed in since: still not this one's to write.
    otherTab.keepOnlyDraftsOf('someone-else');
    saveDraft({ accountId: ADA, roomId: 'room-a' }, 'still not');
    expect(window.localStorage.getItem(`drafts:${ADA}`)).toBeNull();
    // Signed in again (in any tab), the account keeps its drafts again.
    otherTab.keepOnlyDraftsOf(ADA);
    saveDraft({ accountId: ADA, roomId: 'room-a' }, 'back again');
    expect(readDraft({ accountId: ADA, roomId: 'room-a' })).toBe('back again');
  });

  it('does not write a signed-out account’s draft back as its box closes', () => {
    const { box, close } = openBox('room-a');
    type(box, 'typed just before the logout');
    clearDrafts(ADA);
    close();
    expect(window.localStorage.getItem(`drafts:${ADA}`)).toBeNull();
    // Signed in again on this page, the account keeps its drafts again.
    keepOnlyDraftsOf(ADA);
    saveDraft({ accountId: ADA, roomId: 'room-a' }, 'back again');
    expect(readDraft({ accountId: ADA, roomId: 'room-a' })).toBe('back again');
  });
});

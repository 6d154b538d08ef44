import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../client/features/chat/components/message-form';
import { ComposerIntentProvider } from '../../client/features/chat/composer/composer-intent';
import {
  DRAFT_REPLY_WORDS_MAX,
  keepOnlyDraftsOf,
  readRoomDraft,
} from '../../client/lib/draft-storage';
import type { ChatMessage } from '../../contract/realtime';
import { testUser } from './render-app';
import { renderWithMantine } from './render-mantine';
import { ReplyStandIn } from './reply-stand-in';

const ADA = testUser.id;
const bobs: ChatMessage = {
  id: 7,
  user: 'bob',
  text: '<p>Lunch at <strong>noon</strong>?</p>',
  messageType: 'user',
  createdAt: 7,
};
const refusal = 'The message you reply to is not in this room';

type Sent = { ok: true } | { ok: false; error: string; code?: 'message_not_found' };

/** The room's message box as the chat screen opens it (a new room, or a reload: a new box). */
function openBox(roomId: string, answer: Sent = { ok: true }) {
  const onSend = vi.fn(() => Promise.resolve(answer));
  const view = renderWithMantine(
    <ComposerIntentProvider>
      <ReplyStandIn to={[bobs]} />
      <MessageForm roomId={roomId} accountId={ADA} onSend={onSend} />
    </ComposerIntentProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { box, onSend, close: view.unmount };
}

const type = (box: HTMLTextAreaElement, value: string) =>
  fireEvent.change(box, { target: { value } });
const replyToBob = () => fireEvent.click(screen.getByRole('button', { name: 'reply to bob' }));
/** The banner's first line (the live region says it too, once). */
const banner = () => screen.queryByText(/^Replying to /, { selector: 'p' })?.textContent ?? null;
const stored = () =>
  JSON.parse(window.localStorage.getItem(`drafts:${ADA}`) ?? '{}') as Record<string, unknown>;
const storeRaw = (drafts: Record<string, unknown>) =>
  window.localStorage.setItem(`drafts:${ADA}`, JSON.stringify(drafts));

beforeEach(() => {
  keepOnlyDraftsOf(ADA);
});

describe('a draft that answers a message', () => {
  it('comes back with its banner after another room, and the send answers the message', async () => {
    const first = openBox('room-a');
    replyToBob();
    type(first.box, 'yes, see you');
    first.close();

    const other = openBox('room-b');
    expect(banner()).toBeNull();
    other.close();

    const again = openBox('room-a');
    expect(again.box.value).toBe('yes, see you');
    expect(banner()).toBe('Replying to bob');
    expect(screen.getByText('Lunch at noon?')).toBeTruthy();
    // Back as the room opens: the focus stays where it was.
    expect(document.activeElement).not.toBe(again.box);

    fireEvent.keyDown(again.box, { key: 'Enter' });
    expect(again.onSend).toHaveBeenCalledWith('yes, see you', { replyTo: 7 });
    expect(banner()).toBeNull();
    again.close();
    expect(stored()['room-a']).toBeUndefined();
    const later = openBox('room-a');
    expect(later.box.value).toBe('');
    expect(banner()).toBeNull();
  });

  it('comes back over a reload: written at pagehide, read as the page opens', () => {
    const first = openBox('room-a');
    replyToBob();
    type(first.box, 'on my way');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()['room-a']).toMatchObject({
      text: 'on my way',
      replyTo: { id: 7, user: 'bob', excerpt: 'Lunch at noon?' },
    });
    first.close();

    const reloaded = openBox('room-a');
    expect(reloaded.box.value).toBe('on my way');
    expect(banner()).toBe('Replying to bob');
  });

  it('keeps a reply with no words yet, and goes once the reply is cancelled too', async () => {
    const first = openBox('room-a');
    replyToBob();
    first.close();
    expect(stored()['room-a']).toMatchObject({ text: '', replyTo: { id: 7 } });

    const again = openBox('room-a');
    expect(banner()).toBe('Replying to bob');
    type(again.box, 'hmm');
    type(again.box, '');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    await waitFor(() => expect(window.localStorage.getItem(`drafts:${ADA}`)).toBeNull());
    again.close();
    openBox('room-a');
    expect(banner()).toBeNull();
  });

  it('to a message gone since (deleted, or trimmed), is refused as any such reply is', async () => {
    // Written on an earlier visit; message 7 was deleted meanwhile, which only the room knows.
    storeRaw({
      'room-a': {
        text: 'still on?',
        replyTo: { id: 7, user: 'bob', excerpt: 'Lunch at noon?' },
        savedAt: Date.now(),
      },
    });
    const { box, onSend } = openBox('room-a', {
      ok: false,
      error: refusal,
      code: 'message_not_found',
    });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('still on?', { replyTo: 7 });
    // The text and the reply come back with the room's reason; × then gives the reply up.
    expect((await screen.findByRole('alert')).textContent).toBe(`Not sent: ${refusal}`);
    expect(box.value).toBe('still on?');
    expect(banner()).toBe('Replying to bob');
  });
});

describe('a draft’s reply as storage gives it', () => {
  it('shows its words as words, never as markup', () => {
    storeRaw({
      'room-a': {
        text: '',
        replyTo: { id: 3, user: 'cy', excerpt: 'a <img src=x onerror=alert(1)> & b' },
        savedAt: Date.now(),
      },
    });
    const { box } = openBox('room-a');
    expect(banner()).toBe('Replying to cy');
    expect(screen.getByText('a <img src=x onerror=alert(1)> & b')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(box.value).toBe('');
  });

  it('drops a reply of another shape and keeps the words; other values break nothing', () => {
    const now = Date.now();
    const long = 'z'.repeat(DRAFT_REPLY_WORDS_MAX + 1);
    storeRaw({
      'bad-id': { text: 'words a', replyTo: { id: '7', user: 'bob', excerpt: '' }, savedAt: now },
      negative: { text: 'words b', replyTo: { id: -7, user: 'bob', excerpt: '' }, savedAt: now },
      'long-name': { text: 'words c', replyTo: { id: 7, user: long, excerpt: '' }, savedAt: now },
      'no-user': { text: 'words d', replyTo: { id: 7, excerpt: 'hi' }, savedAt: now },
      markup: { text: 'words e', replyTo: '<b>7</b>', savedAt: now },
      'reply-alone': { text: '', replyTo: { id: 7.5, user: 'bob', excerpt: '' }, savedAt: now },
      'not-a-draft': ['text', 1],
    });
    const expected = {
      'bad-id': 'a',
      negative: 'b',
      'long-name': 'c',
      'no-user': 'd',
      markup: 'e',
    };
    for (const [roomId, letter] of Object.entries(expected)) {
      expect(readRoomDraft({ accountId: ADA, roomId })).toEqual({ text: `words ${letter}` });
    }
    expect(readRoomDraft({ accountId: ADA, roomId: 'reply-alone' })).toEqual({ text: '' });
    // Read once, storage keeps only what is a draft.
    expect(Object.keys(stored()).sort()).toEqual(Object.keys(expected).sort());

    const { box } = openBox('bad-id');
    expect(box.value).toBe('words a');
    expect(banner()).toBeNull();
  });

  it('ignores a value that is not JSON at all', () => {
    window.localStorage.setItem(`drafts:${ADA}`, '{"room-a": {"text": "x", "replyTo": {');
    const { box } = openBox('room-a');
    expect(box.value).toBe('');
    expect(banner()).toBeNull();
  });
});

/**
 * The chat link a signed-out visitor opened, kept for this tab's sign-in: which addresses are
 * one, what is kept and for how long, and how it and a pending invitation give way to each
 * other (the most recent wins).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chatLinkOf,
  chatLinkPath,
  clearPendingChatLink,
  readPendingChatLink,
  savePendingChatLink,
} from '../../client/lib/pending-chat-link';
import { readPendingInvitation } from '../../client/lib/pending-invitation';
import {
  keepChatLinkForSignIn,
  keepInvitationForSignIn,
  takeSignInDestination,
} from '../../client/lib/sign-in-destination';

const ROOM = 'Room_Id-0123456789ab';
const stored = () => window.sessionStorage.getItem('pendingChatLink');
const plant = (value: unknown) =>
  window.sessionStorage.setItem('pendingChatLink', JSON.stringify(value));

afterEach(() => vi.useRealTimers());

describe('which addresses are a chat link', () => {
  it('takes a room of the server’s shape, with its message when ?message= is a plain id', () => {
    expect(chatLinkOf(`/chat/${ROOM}`, '?message=7')).toEqual({ roomId: ROOM, messageId: 7 });
    expect(chatLinkOf(`/chat/${ROOM}`, '')).toEqual({ roomId: ROOM });
    // Other parameters are not carried over.
    expect(chatLinkOf(`/chat/${ROOM}`, '?x=1&message=9')).toEqual({ roomId: ROOM, messageId: 9 });
  });

  it.each(['', '?message=0', '?message=-3', '?message=07', '?message=1e3', '?message=abc'])(
    'keeps only the room when the message is not a plain id (%s)',
    (search) => {
      expect(chatLinkOf(`/chat/${ROOM}`, search)).toEqual({ roomId: ROOM });
    },
  );

  it.each([
    '/chat',
    '/chat/',
    '/chat/short',
    `/chat/${'a'.repeat(65)}`,
    `/chat/${ROOM}/more`,
    `/chat/${ROOM}/`,
    '/chat/evil.example.com%2Fpath1234',
    '/chat//evil.example.com/abcdefgh',
    `/chat/${ROOM.slice(0, 10)}%2F${ROOM.slice(10)}`,
    `/settings/${ROOM}`,
    `/join`,
  ])('is nothing for %s', (pathname) => {
    expect(chatLinkOf(pathname, '?message=7')).toBeNull();
  });

  it('writes the address back from the ids alone', () => {
    expect(chatLinkPath({ roomId: ROOM, messageId: 7 })).toBe(`/chat/${ROOM}?message=7`);
    expect(chatLinkPath({ roomId: ROOM })).toBe(`/chat/${ROOM}`);
  });
});

describe('the kept chat link', () => {
  it('is kept in this tab’s sessionStorage only, and read back', () => {
    savePendingChatLink({ roomId: ROOM, messageId: 7 });
    expect(readPendingChatLink()).toEqual({ roomId: ROOM, messageId: 7 });
    expect(window.localStorage.getItem('pendingChatLink')).toBeNull();
    clearPendingChatLink();
    expect(readPendingChatLink()).toBeNull();
  });

  it('lasts half an hour, then is dropped', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    savePendingChatLink({ roomId: ROOM, messageId: 7 });
    vi.advanceTimersByTime(29 * 60_000);
    expect(readPendingChatLink()).toEqual({ roomId: ROOM, messageId: 7 });
    vi.advanceTimersByTime(60_000);
    expect(readPendingChatLink()).toBeNull();
    expect(stored()).toBeNull();
  });

  it.each([
    ['a room of another shape', { roomId: '//evil.example.com', savedAt: Date.now() }],
    ['a room with a path in it', { roomId: `${ROOM}/../../admin`, savedAt: Date.now() }],
    ['a message id that is text', { roomId: ROOM, messageId: '7', savedAt: Date.now() }],
    ['a negative message id', { roomId: ROOM, messageId: -1, savedAt: Date.now() }],
    ['a fractional message id', { roomId: ROOM, messageId: 1.5, savedAt: Date.now() }],
    ['no time', { roomId: ROOM }],
    ['a time to come', { roomId: ROOM, savedAt: Date.now() + 3_600_000 }],
    ['not an object', 'just text'],
    ['null', null],
  ])('is dropped when it holds %s', (_what, value) => {
    plant(value);
    expect(readPendingChatLink()).toBeNull();
    expect(stored()).toBeNull();
  });

  it('is dropped when it is not JSON', () => {
    window.sessionStorage.setItem('pendingChatLink', '{not json');
    expect(readPendingChatLink()).toBeNull();
    expect(stored()).toBeNull();
  });
});

describe('where a sign-in leads', () => {
  it('goes home when nothing is kept', () => {
    expect(takeSignInDestination()).toBe('/');
  });

  it('goes to the kept chat link once, then no more', () => {
    keepChatLinkForSignIn({ roomId: ROOM, messageId: 7 });
    expect(takeSignInDestination()).toBe(`/chat/${ROOM}?message=7`);
    expect(stored()).toBeNull();
    expect(takeSignInDestination()).toBe('/');
  });

  it('follows the most recent: a chat link opened after an invitation replaces it', () => {
    keepInvitationForSignIn({ room: 'room-42', invite: 'code' });
    keepChatLinkForSignIn({ roomId: ROOM, messageId: 7 });
    expect(readPendingInvitation()).toBeNull();
    expect(takeSignInDestination()).toBe(`/chat/${ROOM}?message=7`);
  });

  it('follows the most recent: an invitation opened after a chat link replaces it', () => {
    keepChatLinkForSignIn({ roomId: ROOM, messageId: 7 });
    keepInvitationForSignIn({ room: 'room-42', invite: 'code' });
    expect(stored()).toBeNull();
    expect(takeSignInDestination()).toBe('/auto-join?room=room-42&invite=code');
    // The invitation stays until its prompt is answered.
    expect(readPendingInvitation()).toEqual({ room: 'room-42', invite: 'code' });
  });
});

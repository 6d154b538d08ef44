/**
 * A room connection as the message list reads it, for client tests: a snapshot the test
 * changes with `set` (inside act, telling the subscribers), and every command a spy.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import {
  freshSnapshot,
  type JumpResult,
  type RoomConnection,
  type RoomSnapshot,
} from '../../client/features/chat/connection/room-state';

export function fakeRoom(initial: Partial<RoomSnapshot>, nickname = 'ada') {
  let state: RoomSnapshot = { ...freshSnapshot(nickname), historyLoaded: true, ...initial };
  const listeners = new Set<() => void>();
  const room = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    send: vi.fn(),
    signal: vi.fn(() => true),
    loadOlder: vi.fn(),
    loadNewer: vi.fn(),
    loadAround: vi.fn(async (): Promise<JumpResult> => 'shown'),
    jumpToLatest: vi.fn(async () => {}),
    reconnect: vi.fn(),
    react: vi.fn(async () => ({ ok: true as const })),
    edit: vi.fn(async () => ({ ok: true as const })),
    remove: vi.fn(async () => ({ ok: true as const })),
    pin: vi.fn(async () => ({ ok: true as const })),
    takeReturned: vi.fn(() => []),
  } satisfies RoomConnection;
  const set = (change: Partial<RoomSnapshot>) =>
    act(() => {
      state = { ...state, ...change };
      for (const listener of listeners) listener();
    });
  return { room, set };
}

/** A listed message: `<p>message <id></p>` by `user`, written at 12:<id> on 1 January 2025. */
export const listedMessage = (
  id: number,
  user = 'bob',
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  id,
  user,
  text: `<p>message ${id}</p>`,
  messageType: 'user',
  createdAt: Date.UTC(2025, 0, 1, 12, id),
  ...extra,
});

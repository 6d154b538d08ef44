/**
 * What the tests of the jump to the first unread share: intersection observers the test moves
 * the 'New messages' line for, and a room opened at its end with a read position.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import type { RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { listedMessage as message } from './fake-room';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';

export const fromBob = (...ids: number[]) => ids.map((id) => message(id));
/** Messages from..to, oldest first. */
export const range = (from: number, to: number) =>
  fromBob(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

export type Place = 'above' | 'in view' | 'below';

/**
 * An intersection observer that reports what a test says of the line's place, as a browser
 * would for the observer's root: the window, grown by its rootMargin's bottom.
 */
export class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  report(target: Element, place: Place) {
    // CSS's margin shorthand: the bottom is the third of three or four values, else the first.
    const margins = (this.options.rootMargin ?? '0px').trim().split(/\s+/);
    const reachesBelow = parseFloat(margins[margins.length >= 3 ? 2 : 0]!) > 0;
    const isIntersecting = place === 'in view' || (place === 'below' && reachesBelow);
    const entry = { target, isIntersecting } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

export const line = () => screen.getByRole('separator', { name: 'New messages' });
export const jumpButton = () => screen.queryByRole('button', { name: 'Jump to first unread' });
export const item = (id: number) =>
  document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;

export const watching = (target: Element) =>
  FakeObserver.all.filter((observer) => observer.targets.has(target));

/** The browser's word on where the line is now, to each observer that watches it. */
export function placeLine(place: Place) {
  const target = line();
  expect(watching(target).length).toBeGreaterThan(0);
  act(() => watching(target).forEach((observer) => observer.report(target, place)));
}

/**
 * Opens the room with the room list saying `lastReadId` (undefined: a server from before it),
 * and gives the room's history (with older messages to scroll back to when `hasMore`).
 */
export async function openRoom(
  roomId: string,
  lastReadId: number | undefined,
  history: ChatMessage[],
  hasMore = false,
) {
  const user: PublicUser = { ...testUser, roomId, activeNickname: 'ada' };
  const summary: RoomSummary = {
    _id: roomId,
    roomId,
    name: 'Lobby',
    activeNickname: 'ada',
    unreadCount: 0,
    lastMessageId: 0,
    ...(lastReadId === undefined ? {} : { lastReadId }),
  };
  const api = fakeApi(user, (call) =>
    call.path === '/api/rooms' ? { status: 200, body: [summary] } : undefined,
  );
  const view = renderApp(`/chat/${roomId}`);
  await waitFor(() => expect(api.calls.some((call) => call.path === '/api/rooms')).toBe(true));
  await waitFor(() => expect(sockets).toHaveLength(1));
  // The room list's answer is in (the history comes after it, as it does in a browser).
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  act(() => socket.last('join')?.ack?.({}));
  act(() => socket.receive('chatHistory', history, { hasMore }));
  return { ...view, socket };
}

export { message };

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import { READ_INTERVAL_MS, useReadMarker } from '../../client/features/chat/hooks/use-read-marker';
import type { Signal } from '../../client/features/chat/connection/room-state';

const message = (id: number): ChatMessage => ({
  id,
  user: 'Alice',
  text: `m${id}`,
  messageType: 'user',
  createdAt: id,
});

/** Listeners added for `type` on `target` so far. */
function countAdded(target: EventTarget, type: string) {
  const spy = vi.spyOn(target, 'addEventListener');
  return () => spy.mock.calls.filter(([added]) => added === type).length;
}

describe('the read marker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends `read` at most once a second, the newest trailing, and listens once per room', () => {
    const scrolls = countAdded(window, 'scroll');
    const signal = vi.fn((_value: Signal) => true);
    const { rerender, result } = renderHook(
      ({ messages }) => useReadMarker({ roomId: 'r1', messages, joined: true, signal }),
      { initialProps: { messages: [message(1)] } },
    );
    expect(signal).toHaveBeenLastCalledWith({ event: 'read', messageId: 1 });
    expect(result.current).toBe(1);

    // Three more messages within the second: one trailing `read`, with the newest.
    for (const id of [2, 3, 4]) rerender({ messages: [1, 2, 3, 4].slice(0, id).map(message) });
    expect(signal).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(READ_INTERVAL_MS));
    expect(signal).toHaveBeenCalledTimes(2);
    expect(signal).toHaveBeenLastCalledWith({ event: 'read', messageId: 4 });
    expect(result.current).toBe(4);

    // Four renders with new messages, one subscription.
    expect(scrolls()).toBe(1);
  });

  it('sends nothing while the tab is hidden, and catches up when it is shown', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const signal = vi.fn((_value: Signal) => true);
    renderHook(() => useReadMarker({ roomId: 'r2', messages: [message(7)], joined: true, signal }));
    expect(signal).not.toHaveBeenCalled();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(signal).toHaveBeenLastCalledWith({ event: 'read', messageId: 7 });
  });
});

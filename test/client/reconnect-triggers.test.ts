import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RETRY_AFTER_GIVING_UP_MS,
  useReconnectTriggers,
} from '../../client/features/chat/hooks/use-reconnect-triggers';

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

describe('after the reconnection attempts ran out', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('tries again every while the tab is in view, and stops once connected', () => {
    setVisibility('visible');
    const reconnect = vi.fn();
    const { rerender } = renderHook(({ gaveUp }) => useReconnectTriggers(gaveUp, reconnect), {
      initialProps: { gaveUp: true },
    });
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS - 1);
    expect(reconnect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reconnect).toHaveBeenCalledTimes(1);
    rerender({ gaveUp: false });
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS * 3);
    expect(reconnect).toHaveBeenCalledTimes(1);
  });

  it('waits for the person while the tab is hidden, and tries when they come back', () => {
    setVisibility('hidden');
    const reconnect = vi.fn();
    renderHook(() => useReconnectTriggers(true, reconnect));
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS * 3);
    expect(reconnect).not.toHaveBeenCalled();
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(reconnect).toHaveBeenCalledTimes(1);
  });

  it('tries at once when the browser comes back online', () => {
    setVisibility('visible');
    const reconnect = vi.fn();
    renderHook(() => useReconnectTriggers(true, reconnect));
    window.dispatchEvent(new Event('online'));
    expect(reconnect).toHaveBeenCalledTimes(1);
  });

  it('does nothing while the attempts are still running', () => {
    setVisibility('visible');
    const reconnect = vi.fn();
    renderHook(() => useReconnectTriggers(false, reconnect));
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(RETRY_AFTER_GIVING_UP_MS * 2);
    expect(reconnect).not.toHaveBeenCalled();
  });
});

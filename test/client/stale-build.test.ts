/**
 * client/lib/stale-build.ts: a page whose build a deploy replaced, asking for a lazy chunk the
 * site no longer has, loads itself again (the current build) instead of showing the route's
 * error on every retry; once in a while at most, and never offline.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from '../../client/lib/stale-build';

const reload = vi.fn();
let online = true;

beforeAll(() => {
  reloadOnStaleBuild();
});

// Stubbed per test: setup.ts puts globals and spies back after each.
beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, reload });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  reload.mockClear();
  online = true;
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** What Vite's preload helper dispatches when a dynamic import (a lazy route) fails. */
const chunkFails = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));

describe('a lazy chunk of an older build that no longer loads', () => {
  it('loads the page again', () => {
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once, not in a loop, when the chunk fails again right after', () => {
    chunkFails();
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(31_000);
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload offline', () => {
    online = false;
    chunkFails();
    expect(reload).not.toHaveBeenCalled();
  });
});

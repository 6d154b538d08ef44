/**
 * navigator.locks as the tabs of one browser share it, for tests in jsdom (which has none):
 * `request` with `ifAvailable`, the lock held until the callback's promise settles. Two
 * RoomConnectionStores in one test are two tabs; `closeTab` lets go of every lock held, as
 * the browser does when a tab closes (nothing of the page runs then). Call it in a describe.
 */
import { afterEach, beforeEach } from 'vitest';

type Granted = (lock: { name: string } | null) => unknown;

export function withFakeLocks() {
  const held = new Map<string, object>();
  const locks = {
    request(name: string, options: { ifAvailable?: boolean }, granted: Granted) {
      if (held.has(name) && options.ifAvailable) return Promise.resolve(granted(null));
      const token = {};
      held.set(name, token);
      const release = () => {
        if (held.get(name) === token) held.delete(name);
      };
      return Promise.resolve(granted({ name })).finally(release);
    },
  };
  beforeEach(() => {
    held.clear();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  });
  afterEach(() => void delete (navigator as { locks?: unknown }).locks);
  return { held, closeTab: () => held.clear() };
}

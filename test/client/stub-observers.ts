import { vi } from 'vitest';

/**
 * jsdom has no IntersectionObserver: the message list's observers (the unread line, the end of
 * the list) see nothing, as in a page where nothing crosses the window.
 */
export function stubIntersectionObserver() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

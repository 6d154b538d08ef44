import { useSyncExternalStore } from 'react';

const subscribeToScroll = (onScroll: () => void) => {
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
};
const subscribeToNothing = () => () => {};

/**
 * Whether the window is scrolled further than `threshold` pixels (always false while
 * `enabled` is false). The snapshot is a boolean, so only the crossing re-renders: scrolling
 * does not re-render the page on every frame.
 */
export function useScrolledPast(threshold: number, enabled = true): boolean {
  return useSyncExternalStore(
    enabled ? subscribeToScroll : subscribeToNothing,
    () => enabled && window.scrollY > threshold,
    () => false,
  );
}

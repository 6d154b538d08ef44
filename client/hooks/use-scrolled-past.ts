import { useSyncExternalStore } from 'react';

/**
 * Scrolling, a resize and the end of a smooth scroll. The end is told a task later, after
 * every listener of its own (the chat's auto-scroll.ts marks its smooth scroll over there).
 */
const subscribeToScroll = (onChange: () => void) => {
  const onScrollEnd = () => setTimeout(onChange, 0);
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('scrollend', onScrollEnd);
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('scrollend', onScrollEnd);
    window.removeEventListener('resize', onChange);
  };
};
const subscribeToNothing = () => () => {};

/**
 * A boolean read from the window's scroll position, kept current as the page scrolls (false
 * while `enabled` is false). Only a change of the answer re-renders: scrolling does not
 * re-render the page on every frame.
 */
export function useScrollState(read: () => boolean, enabled = true): boolean {
  return useSyncExternalStore(
    enabled ? subscribeToScroll : subscribeToNothing,
    () => enabled && read(),
    () => false,
  );
}

/** Whether the window is scrolled further than `threshold` pixels. */
export function useScrolledPast(threshold: number, enabled = true): boolean {
  return useScrollState(() => window.scrollY > threshold, enabled);
}

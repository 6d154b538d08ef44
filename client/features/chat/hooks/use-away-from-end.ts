import { useSyncExternalStore } from 'react';
import { autoScrolling } from '../utils/auto-scroll';
import { nearEnd } from '../utils/near-end';

const subscribeToScroll = (onChange: () => void) => {
  // After the list's own listener has marked its smooth scroll over (auto-scroll.ts).
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

/**
 * Whether the reader has scrolled back from the end of the conversation (where new messages
 * no longer bring the view along); the list's own scroll to the end is not the reader's. A
 * boolean snapshot: only the crossing re-renders.
 */
export function useAwayFromEnd(): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => !nearEnd() && !autoScrolling(),
    () => false,
  );
}

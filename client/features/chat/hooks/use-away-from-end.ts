import { useSyncExternalStore } from 'react';
import { nearEnd } from '../utils/near-end';

const subscribeToScroll = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
};

/**
 * Whether the reader has scrolled back from the end of the conversation (where new messages
 * no longer bring the view along). A boolean snapshot: only the crossing re-renders.
 */
export function useAwayFromEnd(): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => !nearEnd(),
    () => false,
  );
}

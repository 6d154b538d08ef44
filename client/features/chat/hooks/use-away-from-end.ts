import { useScrollState } from '../../../hooks/use-scrolled-past';
import { autoScrolling } from '../utils/auto-scroll';
import { nearEnd } from '../utils/near-end';

const awayFromEnd = () => !nearEnd() && !autoScrolling();

/**
 * Whether the reader has scrolled back from the end of the conversation (where new messages
 * no longer bring the view along); the list's own scroll to the end is not the reader's.
 */
export function useAwayFromEnd(): boolean {
  return useScrollState(awayFromEnd);
}

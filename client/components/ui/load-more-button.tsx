import { useEffect, useRef, type RefObject } from 'react';
import { BusyButton } from './busy-button';

interface LoadMoreButtonProps {
  /** Another page follows: without one there is no button. */
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Where the focus goes when the last page takes the button away. */
  focusWhenDone: RefObject<HTMLElement | null>;
  label?: string;
}

/**
 * The button for a list's next page (the admin tables, the moderation panel's members and its
 * Removed list). It stays focused while a page loads (BusyButton), and the last page, which
 * takes it away, hands its focus to `focusWhenDone` rather than to the page's start.
 */
export function LoadMoreButton({
  hasMore,
  loading,
  onLoadMore,
  focusWhenDone,
  label = 'Load more',
}: LoadMoreButtonProps) {
  const pressed = useRef(false);

  useEffect(() => {
    if (hasMore || !pressed.current) return;
    pressed.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) focusWhenDone.current?.focus();
  }, [hasMore, focusWhenDone]);

  if (!hasMore) return null;
  return (
    <BusyButton
      variant="default"
      size="xs"
      busy={loading}
      onClick={() => {
        pressed.current = true;
        onLoadMore();
      }}
    >
      {loading ? 'Loading...' : label}
    </BusyButton>
  );
}

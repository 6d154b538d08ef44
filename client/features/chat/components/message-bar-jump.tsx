import type { UnreadLineJump } from '../hooks/use-unread-line-jump';
import { useAwayFromEnd } from '../hooks/use-away-from-end';
import { JumpToLatestButton } from './jump-to-latest-button';
import { JumpToUnreadButton } from './jump-to-unread-button';
import { NewMessagesButton } from './new-messages-button';

interface MessageBarJumpProps {
  /** The list shows a page of the past (after a jump to a search result, a pin, a link). */
  showsPast: boolean;
  /** Lists the newest messages again (RoomConnection.jumpToLatest). */
  onJumpToLatest: () => Promise<void>;
  /** Others' messages that came after what the reader has seen. */
  unseen: number;
  unreadLine: UnreadLineJump;
}

/**
 * The one jump the message bar offers, above the box: two pills side by side do not fit a
 * 320 px screen. First the way back from a page of the past (the rest of the room is not
 * listed, and the line with it); then, for a reader scrolled back, the messages that came
 * meanwhile, the newest news; then the way up to where the unread began, which belongs to the
 * start of a visit, while the reader is still at the end.
 */
export function MessageBarJump({
  showsPast,
  onJumpToLatest,
  unseen,
  unreadLine,
}: MessageBarJumpProps) {
  const awayFromEnd = useAwayFromEnd();
  if (showsPast) return <JumpToLatestButton onJump={onJumpToLatest} />;
  if (awayFromEnd && unseen > 0) return <NewMessagesButton count={unseen} />;
  if (unreadLine.offered) return <JumpToUnreadButton onJump={unreadLine.jump} />;
  return null;
}

import { useParams } from 'react-router';
import { isModeratorNickname } from '../../../../contract/rooms';
import { usePersonMenuItems, type MessageAuthor } from '../../../lib/person-actions';

/**
 * What the route offers about a message's author in its actions menu ('Message <nickname>
 * privately', lib/person-actions.tsx): the chat names the room, the person and the message, and
 * knows nothing of the feature behind it. Nothing for one's own messages (the caller leaves
 * them out).
 */
export function AuthorMenuItems(author: MessageAuthor) {
  const { roomId } = useParams();
  const personMenuItems = usePersonMenuItems();
  // A moderator's message (an administrator's, or their broadcast) has nobody to write to.
  return roomId && !isModeratorNickname(author.nickname) ? personMenuItems(roomId, author) : null;
}

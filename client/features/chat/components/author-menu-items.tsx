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
  // Not offered on a moderator's message (an administrator's broadcast has no author to write
  // to; an administrator moderating under 'Mod' is reached from the lists, as anyone is).
  return roomId && !isModeratorNickname(author.nickname) ? personMenuItems(roomId, author) : null;
}

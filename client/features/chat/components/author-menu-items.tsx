import { useParams } from 'react-router';
import { usePersonMenuItems } from '../../../lib/person-actions';

/**
 * What the route offers about a message's author in its actions menu ('Message <nickname>
 * privately', lib/person-actions.tsx): the chat names the room and the person, and knows
 * nothing of the feature behind it. Nothing for one's own messages (the caller leaves them out).
 */
export function AuthorMenuItems({ nickname }: { nickname: string }) {
  const { roomId } = useParams();
  const personMenuItems = usePersonMenuItems();
  return roomId ? personMenuItems(roomId, nickname) : null;
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGE_PARAM, linkedMessageId } from '../../../lib/message-url';

interface LinkedMessage {
  /** The room is joined and its history shown: a jump now is not undone by the join's own. */
  ready: boolean;
  /** Takes the reader to the message, as a search result does. */
  onJump: (messageId: number) => void;
}

/**
 * Opening a link to a message (/chat/<roomId>?message=<id>) jumps there once the room is ready,
 * then takes the parameter out of the address (replacing its history entry), so that a reload
 * or a Back does not jump again. A value that is no message id is left alone and does nothing.
 * The room answers only its members, so the link shows a stranger nothing /chat/<roomId> does not.
 */
export function useLinkedMessage({ ready, onJump }: LinkedMessage) {
  const location = useLocation();
  const navigate = useNavigate();
  const messageId = linkedMessageId(new URLSearchParams(location.search));
  // The address the jump was made for: an effect run again for it (Strict Mode) jumps once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || messageId === null || handled.current === location.key) return;
    handled.current = location.key;
    onJump(messageId);
    const rest = new URLSearchParams(location.search);
    rest.delete(MESSAGE_PARAM);
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search && `?${search}`, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [ready, messageId, location, navigate, onJump]);
}

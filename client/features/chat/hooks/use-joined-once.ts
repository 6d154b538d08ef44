import { useEffect, useState } from 'react';

/**
 * Whether the room has let the person in on this screen (a join answered, even if the
 * connection has dropped since), telling `onJoined` once it has. What only a member may ask of
 * the room waits for it: a stranger who opened a room's link would only be refused, once per
 * call, while the socket's refusal already says why in words (one refused request, its ticket).
 */
export function useJoinedOnce(joined: boolean, onJoined?: () => void): boolean {
  const [once, setOnce] = useState(joined);
  if (joined && !once) setOnce(true);
  useEffect(() => {
    if (once) onJoined?.();
  }, [once, onJoined]);
  return once;
}

import { useCallback, useRef } from 'react';
import { TYPING_SEND_INTERVAL_MS } from '../../../../contract/realtime';
import type { Signal } from '../connection/room-state';

/**
 * The composer's `typing`: at most one every TYPING_SEND_INTERVAL_MS while the person types
 * (receivers keep them shown a while longer). After a send the next keystroke speaks at once,
 * since the message cleared the typist on the other screens.
 */
export function useTypingSignal(signal: (value: Signal) => boolean) {
  const lastSent = useRef(0);

  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SEND_INTERVAL_MS) return;
    if (signal({ event: 'typing' })) lastSent.current = now;
  }, [signal]);

  const reset = useCallback(() => {
    lastSent.current = 0;
  }, []);

  return { typed, reset };
}

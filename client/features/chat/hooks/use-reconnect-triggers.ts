import { useEffect } from 'react';

/**
 * After a round of attempts this long gave up, the chat tries another round while the tab is
 * visible: a deploy or a server restart can outlast the spec's five attempts (about 17 s), and
 * nobody should have to notice and click Reconnect. A hidden tab waits for the person.
 */
export const RETRY_AFTER_GIVING_UP_MS = 15_000;

/**
 * After the spec's reconnection attempts have run out, the chat keeps trying when there is
 * reason to hope: the browser comes back online, the person returns to the tab, or a while has
 * passed with the tab in view.
 */
export function useReconnectTriggers(gaveUp: boolean, reconnect: () => void) {
  useEffect(() => {
    if (!gaveUp) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') reconnect();
    };
    const retry = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) reconnect();
    }, RETRY_AFTER_GIVING_UP_MS);
    window.addEventListener('online', reconnect);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(retry);
      window.removeEventListener('online', reconnect);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [gaveUp, reconnect]);
}

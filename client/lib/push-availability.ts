/**
 * Whether this browser is known to be unable to take pushes (no Push API, a private window's
 * refusal), as the last subscription learnt it (push-subscription.ts): the session's at each
 * start, or the bell's. The bell's menu says so (notifications come only while the app is open),
 * after a reload too, when only the session's start has asked. A module of its own so that
 * tests replacing the subscription keep it.
 */
let unavailable = false;
const listeners = new Set<() => void>();

/** What a subscription learnt: `able` false when the browser cannot take pushes. */
export function notePushAvailability(able: boolean): void {
  if (unavailable === !able) return;
  unavailable = !able;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export const pushAvailability = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  unavailable: (): boolean => unavailable,
};

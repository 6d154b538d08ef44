/**
 * Which tab of this browser sends a stored text. Every tab open on a room reads the same stored
 * outbox (outbox-storage.ts), so each text is claimed by one tab: a Web Lock named by its
 * clientId, held from the moment it is typed (or taken back from storage) until the room
 * answers it or the screen leaves. A tab that finds a text claimed leaves it to the tab that
 * holds it, so it is sent once and, if refused, handed back once, in that tab. The browser lets
 * go of a closed tab's locks, so the next visit takes its texts over. Without Web Locks
 * (browsers before 2022), every tab takes what it finds, as before.
 */
export interface OutboxClaims {
  /** Resolves true once this tab holds `clientId`; false when some tab holds it already. */
  claim: (clientId: string) => Promise<boolean>;
  /** Lets go of `clientId` (also of a claim not granted yet). */
  release: (clientId: string) => void;
}

const lockName = (clientId: string) => `chat-outbox:${clientId}`;

export function tabClaims(
  locks: LockManager | undefined = globalThis.navigator?.locks,
): OutboxClaims {
  if (!locks) return { claim: () => Promise.resolve(true), release: () => {} };
  const wanted = new Set<string>();
  const held = new Map<string, () => void>();
  return {
    claim: (clientId) => {
      wanted.add(clientId);
      return new Promise<boolean>((resolve) => {
        const granted = (lock: Lock | null) => {
          // Held already (by another tab, or this one), or let go of before it came.
          if (!lock || !wanted.has(clientId)) {
            if (!held.has(clientId)) wanted.delete(clientId);
            return resolve(false);
          }
          resolve(true);
          return new Promise<void>((letGo) => held.set(clientId, letGo));
        };
        locks.request(lockName(clientId), { ifAvailable: true }, granted).catch(() => {
          resolve(false);
        });
      });
    },
    release: (clientId) => {
      wanted.delete(clientId);
      held.get(clientId)?.();
      held.delete(clientId);
    },
  };
}

/**
 * A call into a room's object tried again when the runtime says the fault was transient: the
 * object was restarted (a deploy), or the network between the worker and it broke. Workers
 * mark such errors `retryable`; `overloaded` ones are not tried again, since more calls are
 * what overloaded the object. Only for calls that may run twice with the same effect: a kick
 * or a logout whose sockets stay open because one call failed leaves the person talking in
 * the room until they reconnect.
 */

/** Waits before the second and third attempts, in milliseconds. */
const BACKOFF_MS = [50, 250] as const;

export async function retryTransient<T>(
  call: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const backoff = BACKOFF_MS[attempt];
      if (backoff === undefined || !isTransient(error)) throw error;
      await wait(backoff);
    }
  }
}

function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { retryable, overloaded } = error as { retryable?: unknown; overloaded?: unknown };
  return retryable === true && overloaded !== true;
}

/**
 * A server's engine, for tests that look inside (a socket's record, its last heard time, the
 * ping clock). The class keeps it #private and index.ts does not export this: it is not part
 * of the package's surface, and an app must not reach for it.
 */
import type { Engine } from './engine';
import type { EventsMap } from './events';

const engines = new WeakMap<object, Engine<unknown, EventsMap>>();

/** Called once by each server's constructor. */
export function noteEngine(server: object, engine: Engine<unknown, EventsMap>) {
  engines.set(server, engine);
}

/** The engine of `server` (a test's own type parameters say what its data is). */
export function engineOf<Data = unknown>(server: object): Engine<Data, EventsMap> {
  const engine = engines.get(server);
  if (!engine) throw new Error('Not a SocketIoServer');
  return engine as unknown as Engine<Data, EventsMap>;
}

/** What every socket scenario needs first: its rooms, and a server done with the last one. */
import { waitForIdleLogged } from '../lib/cpu.mjs';
import { createRooms } from '../setup/population.mjs';

/** Creates the scenario's rooms in our app; answers who joins which room. */
export async function prepareRooms(spec, users, config) {
  const groups = Array.from({ length: spec.rooms }, (_, r) =>
    users.slice(r * spec.members, (r + 1) * spec.members),
  );
  const roomIds = await createRooms(spec.title, groups, config.setupConcurrency);
  return groups.flatMap((group, r) => group.map((user) => ({ user, roomId: roomIds[r] })));
}

/** Waits (bounded) until the server has finished what the last scenario left it, e.g. leaves. */
export async function settle(target) {
  await waitForIdleLogged(target.pid);
}

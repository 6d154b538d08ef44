/**
 * Calls to many rooms at once: every room a person is a member of, in waves, so an account in
 * hundreds of rooms neither opens hundreds of calls at a time nor fails as a whole because one
 * room could not be reached.
 */

/** Rooms called at once; an account or an address in many rooms is served in waves. */
const FAN_OUT = 20;

/** The rooms the account is a member of (administrators enter rooms through one too). */
export async function memberRoomIds(env: Env, userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT room_id FROM memberships WHERE user_id = ?')
    .bind(userId)
    .all<{ room_id: string }>();
  return results.map((row) => row.room_id);
}

/** Makes `call` for each room, `FAN_OUT` at a time; a failed call is logged as `label`. */
export async function callEachRoom(
  roomIds: string[],
  call: (roomId: string) => Promise<unknown>,
  label: string,
): Promise<void> {
  const unique = [...new Set(roomIds)];
  for (let i = 0; i < unique.length; i += FAN_OUT) {
    const outcomes = await Promise.allSettled(unique.slice(i, i + FAN_OUT).map(call));
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') console.error(label, outcome.reason);
    }
  }
}

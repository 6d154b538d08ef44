/**
 * The simulated people, made through the public API as a browser would: register and sign in
 * (each a PBKDF2 hash on the server, slow by design), a few at a time, reused by every scenario.
 */
import { randomBytes } from 'node:crypto';
import { mapLimit, progress } from '../lib/async.mjs';
import { ApiClient } from './api.mjs';

const PASSWORD = 'bench-password-1';
const RUN = randomBytes(3).toString('hex');

/**
 * IPv6 documentation addresses, each in its own /64 (the server keys its limits by /64): one
 * network per person, so no rate limit is shared.
 */
const ipFor = (index) => `2001:db8:${(index + 1).toString(16)}::1`;

export async function createUsers(origin, count, concurrency, first = 0) {
  const indexes = Array.from({ length: count }, (_, i) => first + i);
  return mapLimit(
    indexes,
    concurrency,
    async (index) => {
      const api = new ApiClient(origin, ipFor(index));
      const nickname = `b${String(index).padStart(5, '0')}`;
      const email = `bench-${RUN}-${index}@example.com`;
      await api.register(email, PASSWORD, nickname);
      await api.login(email, PASSWORD);
      return { index, nickname, email, password: PASSWORD, ip: api.ip, cookie: api.cookie, api };
    },
    progress(`register + sign in ${count} people`),
  );
}

/** Rooms for a scenario: the first member creates each, the others join it through /api/join. */
export async function createRooms(name, groups, concurrency) {
  const roomIds = await mapLimit(groups, concurrency, async (members, i) => {
    const { body } = await members[0].api.createRoom(`${name} ${i + 1}`);
    return body.roomId;
  });
  const joins = groups.flatMap((members, i) =>
    members.slice(1).map((user) => ({ user, roomId: roomIds[i] })),
  );
  await mapLimit(
    joins,
    concurrency * 2,
    ({ user, roomId }) => user.api.joinRoom(roomId),
    progress(`${name}: ${joins.length} memberships`),
  );
  return roomIds;
}

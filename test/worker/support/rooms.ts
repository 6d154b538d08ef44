import { Client, newAccount } from './api';

/** Creates a room as `client` and answers its id. */
export async function createRoom(client: Client, roomName = 'Test room', activeNickname?: string) {
  const res = await client.call('/join', { body: { roomName, activeNickname } });
  if (res.status !== 200) throw new Error(`room creation failed: ${JSON.stringify(res.body)}`);
  return res.body.roomId as string;
}

export async function joinRoom(client: Client, roomId: string, activeNickname?: string) {
  return client.call('/join', { body: { roomId, activeNickname } });
}

let addresses = 0;
const network = Math.floor(Math.random() * 250);

/**
 * A signed-in account on an IPv4 address of its own: IPv6 clients of one /64 share an address
 * key, and the tests that end an address's sockets must end only that client's.
 */
export async function signedInOwnAddress() {
  addresses += 1;
  const account = newAccount();
  const client = new Client();
  client.ip = `10.${network}.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  await client.call('/auth/register', { body: account });
  const login = await client.call('/auth/login', {
    body: { email: account.email, password: account.password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { client, account, user: login.body.user as { id: string } };
}

/**
 * Makes a ping round due at the room's next alarm: the rounds fall on an anchor kept in
 * storage and, once read, in the instance's memory (socket-io/heartbeat.ts); both go back.
 */
export function makePingRoundDue(room: object, state: DurableObjectState) {
  state.storage.kv.put('sio:nextPingAt', 0);
  (room as { pingClock: { anchorAt?: number } }).pingClock.anchorAt = undefined;
}

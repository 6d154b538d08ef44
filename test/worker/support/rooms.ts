import { engineOf } from '../../../worker/socket-io/internals';
import { Client, newAccount, signedInClient } from './api';
import { TestSocket } from './socket';

/** Creates a room as `client` and answers its id. */
export async function createRoom(client: Client, roomName = 'Test room', activeNickname?: string) {
  const res = await client.call('/join', { body: { roomName, activeNickname } });
  if (res.status !== 200) throw new Error(`room creation failed: ${JSON.stringify(res.body)}`);
  return res.body.roomId as string;
}

export async function joinRoom(client: Client, roomId: string, activeNickname?: string) {
  return client.call('/join', { body: { roomId, activeNickname } });
}

interface RoomSetup {
  /** The room's name. */
  name?: string;
  /** Each person on an IPv4 address of their own (signedInOwnAddress), for address checks. */
  ownAddresses?: boolean;
}

/** A room its owner made (as 'Owner'), with one guest in it (as 'Guest'), both signed in. */
export async function ownerAndGuest({ name = 'Test room', ownAddresses = false }: RoomSetup = {}) {
  const signIn = ownAddresses ? signedInOwnAddress : signedInClient;
  const owner = await signIn();
  const roomId = await createRoom(owner.client, name, 'Owner');
  const guest = await signIn();
  const joined = await joinRoom(guest.client, roomId, 'Guest');
  if (joined.status !== 200) throw new Error(`guest join failed: ${JSON.stringify(joined.body)}`);
  return { owner, guest, roomId };
}

/** The same room with both joined over Socket.IO: `a` is the owner's socket, `b` the guest's. */
export async function ownerAndGuestJoined(setup: RoomSetup = {}) {
  const room = await ownerAndGuest(setup);
  const a = await TestSocket.joined(room.owner.client, room.roomId, 'Owner');
  const b = await TestSocket.joined(room.guest.client, room.roomId, 'Guest');
  return { ...room, a, b };
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
  (engineOf(room).pingClock as unknown as { anchorAt?: number }).anchorAt = undefined;
}

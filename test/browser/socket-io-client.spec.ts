/** The official socket.io-client, as any other client would use it, against the running app. */
import { expect, test } from '../support/test';
import type { Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { BASE_URL, newSignedInClient, type AppClient } from '../support/api-client';
import { connectToRoom } from '../support/room-sockets';

const connect = (client: AppClient, roomId: string) =>
  connectToRoom(client, roomId, {
    reconnectionAttempts: 5,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20000,
  });

const once = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

test('two members chat through socket.io-client with acknowledgements', async () => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', {
    body: { roomName: 'Official client' },
  });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });

  const a = connect(alice.client, room.roomId);
  const b = connect(bob.client, room.roomId);
  await Promise.all([once(a, 'connect'), once(b, 'connect')]);
  const aHistory = once<unknown[]>(a, 'chatHistory');
  expect(await a.emitWithAck('join', { name: 'Alice', room: room.roomId })).toEqual({});
  expect(await aHistory).toEqual([]);
  expect(await b.emitWithAck('join', { name: 'Bob', room: room.roomId })).toEqual({});

  const received = new Promise((resolve) =>
    b.on('message', (m) => m.messageType === 'user' && resolve(m)),
  );
  expect(await a.emitWithAck('sendMessage', { text: 'Hi <Bob>', roomId: room.roomId })).toEqual({});
  expect(await received).toMatchObject({
    user: 'Alice',
    text: 'Hi &lt;Bob&gt;',
    messageType: 'user',
  });

  expect(await b.emitWithAck('leave', { room: room.roomId })).toEqual({
    result: 'You left the room',
  });
  a.close();
  b.close();
});

test('a stranger gets a connect_error that says why, and no retries', async () => {
  const alice = await newSignedInClient('Owner');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Private' } });
  const stranger = await newSignedInClient('Stranger');
  const socket = connect(stranger.client, room.roomId);
  const error = await once<Error & { data?: unknown }>(socket, 'connect_error');
  expect(error.message).toBe('You are not a member of this room');
  // The official client hands the refusal's code over as the error's data.
  expect(error.data).toEqual({ code: 'not_member' });
  expect(socket.active).toBe(false);
  socket.close();
});

test('a client offering permessage-deflate is served without it', async () => {
  // Deflating every frame for every socket was the server's largest cost under load.
  const ws = new WebSocket(
    `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket&room=none`,
    { headers: { Origin: BASE_URL }, perMessageDeflate: true },
  );
  const opened = await new Promise<string>((resolve, reject) => {
    ws.once('open', () => resolve(ws.extensions));
    ws.once('error', reject);
  });
  expect(opened).toBe('');
  ws.close();
});

/**
 * The Socket.IO layer's protocol rules (worker/socket-io), as the reference server applies
 * them, checked on a room's real sockets: what ends the transport (the client reconnects),
 * what ends the session (DISCONNECT: the client does not), namespaces, the connect timeout
 * and the heartbeat under hibernation.
 */
import {
  env,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { createRoom, joinRoom, makePingRoundDue } from './support/rooms';
import { sleep, socketsOf } from './support/room-object';
import { TestSocket } from './support/socket';

async function aRoom() {
  const owner = await signedInClient();
  const roomId = await createRoom(owner.client, 'Protocol', 'Owner');
  return { owner, roomId };
}

/**
 * Moves the connect deadline of every socket still waiting for its CONNECT into the past, so the
 * room's next alarm finds it due; answers the deadlines as they were.
 */
function expireConnectDeadlines(room: ChatRoom) {
  const deadlines: number[] = [];
  for (const [ws, record] of socketsOf(room).entries()) {
    if (!record.connectBy) continue;
    deadlines.push(record.connectBy);
    socketsOf(room).save(ws, { ...record, connectBy: Date.now() - 1 });
  }
  return deadlines;
}

/** The transport ended without a DISCONNECT packet: a Socket.IO client would reconnect. */
async function endedWithoutDisconnect(socket: TestSocket) {
  await socket.waitForClose();
  expect(socket.frames.filter((frame) => frame.startsWith('41'))).toEqual([]);
}

describe('protocol violations end the transport, as the reference server does', () => {
  it('an EVENT before CONNECT', async () => {
    const { owner, roomId } = await aRoom();
    const socket = await TestSocket.open(owner.client, roomId);
    socket.send('42["join",{"name":"Owner"}]');
    await endedWithoutDisconnect(socket);
  });

  it('a second CONNECT to the same namespace', async () => {
    const { owner, roomId } = await aRoom();
    const { socket } = await TestSocket.connect(owner.client, roomId);
    socket.send('40');
    await endedWithoutDisconnect(socket);
    expect(socket.frames.filter((frame) => frame.startsWith('40'))).toHaveLength(1);
  });

  it('a ping from the client (in Engine.IO 4 only the server pings)', async () => {
    const { owner, roomId } = await aRoom();
    const { socket } = await TestSocket.connect(owner.client, roomId);
    socket.send('2');
    await endedWithoutDisconnect(socket);
    expect(socket.frames).not.toContain('3');
  });

  it('an unknown packet type, a payload of the wrong shape, an invalid ack id', async () => {
    const { owner, roomId } = await aRoom();
    for (const frame of ['4abc', '42{}', '42abc["join"]']) {
      const { socket } = await TestSocket.connect(owner.client, roomId);
      socket.send(frame);
      await endedWithoutDisconnect(socket);
    }
  });

  it('a binary frame, and a frame over 16 KiB: the client reconnects, its acks fail at once', async () => {
    const { owner, roomId } = await aRoom();
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    a.send(new Uint8Array([1, 2, 3]).buffer);
    await endedWithoutDisconnect(a);
    const b = await TestSocket.joined(owner.client, roomId, 'Owner');
    b.send(`42${JSON.stringify(['sendMessage', { text: 'x'.repeat(17 * 1024), roomId }])}`);
    await endedWithoutDisconnect(b);
  });

  it('but a flood ends the session with a DISCONNECT, which the client does not retry', async () => {
    const { owner, roomId } = await aRoom();
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    for (let i = 0; i < 100; i++) socket.send(`42${JSON.stringify(['noise', i])}`);
    await socket.waitForClose();
    expect(socket.frames).toContain('41');
  });

  it('an Engine.IO close packet ends the transport', async () => {
    const { owner, roomId } = await aRoom();
    const { socket } = await TestSocket.connect(owner.client, roomId);
    socket.send('1');
    await endedWithoutDisconnect(socket);
  });
});

describe('namespaces', () => {
  it('a client DISCONNECT leaves the namespace and keeps the transport; it may connect again', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Leaving', 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    const firstSid = JSON.parse(b.frames.find((f) => f.startsWith('40'))!.slice(2)).sid;
    b.send('41');
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    expect(b.closed).toBe(false);
    b.frames.length = 0;
    b.send('40');
    const again = await b.waitFor((frame) => frame.startsWith('40'));
    expect(JSON.parse(again.slice(2)).sid).not.toBe(firstSid);
    expect(await b.emit('join', { name: 'Guest', room: roomId })).toEqual({});
    a.close();
    b.close();
  });

  it('a CONNECT to a namespace the object does not serve is refused, the transport stays', async () => {
    const { owner, roomId } = await aRoom();
    const { socket } = await TestSocket.connect(owner.client, roomId);
    socket.send('40/custom,');
    expect(await socket.waitFor((f) => f.startsWith('44'))).toBe(
      '44/custom,{"message":"Invalid namespace"}',
    );
    expect(await socket.emit('join', { name: 'Owner', room: roomId })).toEqual({});
    socket.close();
  });
});

describe('timers: none in the object, one alarm', () => {
  it('closes a socket that never sends CONNECT once the connect timeout passes', async () => {
    const { owner, roomId } = await aRoom();
    const idle = await TestSocket.open(owner.client, roomId);
    const { socket: connected } = await TestSocket.connect(owner.client, roomId);
    const stub = roomStub(env, roomId);
    await runInDurableObject(stub, expireConnectDeadlines);
    await runDurableObjectAlarm(stub);
    await endedWithoutDisconnect(idle);
    await sleep(50);
    expect(connected.closed).toBe(false);
    connected.close();
  });

  it('a socket that answers pings but never sends CONNECT is still closed 45 s after it opened', async () => {
    const { owner, roomId } = await aRoom();
    const opened = Date.now();
    const idle = await TestSocket.open(owner.client, roomId);
    const open = JSON.parse(idle.frames[0]!.slice(1)) as { pingInterval: number };
    expect(open.pingInterval).toBe(25_000);
    const stub = roomStub(env, roomId);
    // The room's one alarm is due by the socket's deadline: 45 s after it opened.
    const deadline = await runInDurableObject(stub, async (room: ChatRoom, state) => {
      const [record] = [...socketsOf(room).entries()].map(([, record]) => record);
      expect(record!.connectBy).toBeGreaterThanOrEqual(opened + 45_000);
      expect(record!.connectBy).toBeLessThanOrEqual(Date.now() + 45_000);
      expect(await state.storage.getAlarm()).toBeLessThanOrEqual(record!.connectBy!);
      makePingRoundDue(room, state);
      return record!.connectBy!;
    });
    // A ping round comes and the socket answers it, as a live client would.
    await runDurableObjectAlarm(stub);
    await idle.waitFor((frame) => frame === '2');
    idle.send('3');
    await sleep(50);
    expect(idle.closed).toBe(false);
    // The answered ping does not move its deadline; when the deadline passes, it is closed.
    expect(await runInDurableObject(stub, expireConnectDeadlines)).toEqual([deadline]);
    await runDurableObjectAlarm(stub);
    await endedWithoutDisconnect(idle);
    expect(idle.frames.filter((frame) => frame.startsWith('4'))).toEqual([]);
  });

  it('an idle room hibernates with its sockets; pongs are answered without waking it and keep them', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Sleepy pongs', 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    const stub = roomStub(env, roomId);
    await evictDurableObject(stub, { webSockets: 'hibernate' });

    // The runtime answers the pong with an Engine.IO no-op; the object stays asleep.
    a.send('3');
    await a.waitFor((frame) => frame === '6');

    // Long after: only the guest, whose pong never came, is gone at the next ping round.
    await runInDurableObject(stub, (room: ChatRoom, state) => {
      const sockets = socketsOf(room);
      for (const [ws] of sockets.entries()) sockets.heard(ws, Date.now() - 60_000);
      makePingRoundDue(room, state);
    });
    await runDurableObjectAlarm(stub);
    await b.waitForClose();
    await a.waitFor((frame) => frame === '2');
    expect(a.closed).toBe(false);
    expect(await a.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
    a.close();
  });
});

/**
 * The official socket.io-client (Node) against the running app: connection-state recovery
 * after a server restart, and a resend after a dropped acknowledgement. (The connect timeout,
 * 45 s of real time here, is checked in test/worker/socket-io-protocol.test.ts by running the
 * room's alarm.)
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '../support/test';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { BASE_URL, newSignedInClient, uniqueIp } from '../support/api-client';
import { launchApp } from '../support/launch-app';

/** A person with a session on one server (the restart test runs its own). */
interface Person {
  base: string;
  cookie: string;
  ip: string;
}

async function call(person: Person, path: string, body: unknown) {
  const response = await fetch(`${person.base}/api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'CF-Connecting-IP': person.ip,
      ...(person.cookie && { Cookie: person.cookie }),
    },
    body: JSON.stringify(body),
  });
  const cookie = response.headers.get('set-cookie');
  if (cookie?.startsWith('session=')) person.cookie = cookie.split(';')[0]!;
  return { status: response.status, body: (await response.json().catch(() => ({}))) as any };
}

async function signUp(base: string, nickname: string): Promise<Person> {
  const person = { base, cookie: '', ip: uniqueIp() };
  const email = `${nickname.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const registered = await call(person, '/auth/register', {
    email,
    password: 'secret-pass',
    nickname,
  });
  expect(registered.status).toBe(201);
  await call(person, '/auth/login', { email, password: 'secret-pass' });
  expect(person.cookie).not.toBe('');
  return person;
}

function connect(person: Person, roomId: string, options: Record<string, unknown> = {}): Socket {
  return io(person.base, {
    path: '/socket.io',
    transports: ['websocket'],
    query: { room: roomId },
    extraHeaders: { Cookie: person.cookie, 'CF-Connecting-IP': person.ip },
    reconnectionDelay: 500,
    reconnectionDelayMax: 2000,
    ...options,
  });
}

const once = <T = unknown>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

/** Every chat message and roomData a socket receives, history included. */
function record(socket: Socket) {
  const texts: string[] = [];
  const roomData: { users: { nickname: string }[] }[] = [];
  socket.on('chatHistory', (history: { text: string }[]) =>
    texts.push(...history.map((m) => m.text)),
  );
  socket.on('message', (message: { text: string }) => texts.push(message.text));
  socket.on('roomData', (data: (typeof roomData)[number]) => roomData.push(data));
  const count = (text: string) => texts.filter((t) => t === text).length;
  return { texts, roomData, count };
}

async function joined(socket: Socket, name: string, roomId: string) {
  if (!socket.connected) await once(socket, 'connect');
  expect(await socket.emitWithAck('join', { name, room: roomId })).toEqual({});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a client back after a server restart recovers its session and gets what it missed, once', async () => {
  test.setTimeout(180_000);
  const port = Number(process.env.BROWSER_TEST_PORT ?? 8799) + 3;
  const origin = `http://localhost:${port}`;
  const state = resolve(`.wrangler/recovery-test-state-${port}`);
  const log = resolve(`.wrangler/recovery-test-server-${port}.log`);
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  let stop = await launchApp(port, state, log, { build: false });
  const sockets: Socket[] = [];
  try {
    const alice = await signUp(origin, 'Alice');
    const bob = await signUp(origin, 'Bob');
    const { body: room } = await call(alice, '/join', { roomName: 'Recovery' });
    await call(bob, '/join', { roomId: room.roomId });
    const a = connect(alice, room.roomId, { reconnectionAttempts: Infinity });
    // Bob stays away until Alice has spoken after the restart.
    const b = connect(bob, room.roomId, { reconnection: false });
    sockets.push(a, b);
    const aSeen = record(a);
    const bSeen = record(b);
    await joined(a, 'Alice', room.roomId);
    await joined(b, 'Bob', room.roomId);
    expect(await a.emitWithAck('sendMessage', { text: 'before', roomId: room.roomId })).toEqual({});
    await expect.poll(() => bSeen.count('before')).toBe(1);

    // Presence before the restart: Alice heard Bob arrive.
    await expect.poll(() => aSeen.count('Bob has joined the room')).toBe(1);
    expect(bSeen.count('Alice has joined the room')).toBe(0);
    const aDropped = once(a, 'disconnect');
    const bDropped = once(b, 'disconnect');
    await stop();
    await Promise.all([aDropped, bDropped]);
    stop = await launchApp(port, state, log, { build: false, restart: true });

    await expect.poll(() => a.connected, { timeout: 60_000 }).toBe(true);
    // Recovered: the same join, no join needed to send.
    expect(a.recovered).toBe(true);
    const missed = `missed ${Date.now()}`;
    expect(await a.emitWithAck('sendMessage', { text: missed, roomId: room.roomId })).toEqual({});

    const bBack = once(b, 'connect');
    b.connect();
    await bBack;
    expect(b.recovered).toBe(true);
    await expect.poll(() => bSeen.count(missed)).toBe(1);
    // The restart told nobody that anyone left, so the returns are no "has joined": only the
    // list of who is online, which has both again.
    await expect
      .poll(() => bSeen.roomData.at(-1)?.users.map((user) => user.nickname))
      .toEqual(['Alice', 'Bob']);
    await expect
      .poll(() => aSeen.roomData.at(-1)?.users.map((user) => user.nickname))
      .toEqual(['Alice', 'Bob']);
    expect(await b.emitWithAck('sendMessage', { text: 'after', roomId: room.roomId })).toEqual({});
    await expect.poll(() => aSeen.count('after')).toBe(1);
    await sleep(500);
    for (const text of ['before', missed, 'after']) {
      expect(aSeen.count(text)).toBe(1);
      expect(bSeen.count(text)).toBe(1);
    }
    expect(bSeen.count('Alice has joined the room')).toBe(0);
    expect(aSeen.count('Bob has joined the room')).toBe(1);
  } finally {
    sockets.forEach((socket) => socket.close());
    await stop();
  }
});

test('a resend after a dropped acknowledgement stores and delivers the message once', async () => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Resend' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const person = (c: typeof alice.client): Person => ({
    base: BASE_URL,
    cookie: c.cookie,
    ip: c.ip,
  });
  const a = connect(person(alice.client), room.roomId);
  const b = connect(person(bob.client), room.roomId);
  const bSeen = record(b);
  await joined(a, 'Alice', room.roomId);
  await joined(b, 'Bob', room.roomId);

  const text = `once ${Date.now()}`;
  const clientId = crypto.randomUUID();
  const payload = { text, roomId: room.roomId, clientId };
  // The send leaves on the websocket, whose connection then fails at once: the room stores the
  // message, and its acknowledgement (id 99 here) has nowhere to go.
  const raw = (a.io.engine.transport as unknown as { ws: WebSocket }).ws;
  const heard: string[] = [];
  raw.on('message', (data) => heard.push(String(data)));
  const dropped = once<string>(a, 'disconnect');
  raw.send(`4299${JSON.stringify(['sendMessage', payload])}`, () => raw.terminate());
  expect(await dropped).toBe('transport close');
  await once(a, 'connect');
  expect(a.recovered).toBe(true);
  const resent = await a.emitWithAck('sendMessage', payload);
  expect(resent).toEqual({ id: expect.any(Number) });
  expect(heard.filter((frame) => frame.startsWith('4399'))).toEqual([]);

  await expect.poll(() => bSeen.count(text)).toBe(1);
  await sleep(500);
  expect(bSeen.count(text)).toBe(1);
  // A newcomer's history holds it once, with the id the resend was answered with.
  const c = connect(person(bob.client), room.roomId);
  const history = once<{ id: number; text: string }[]>(c, 'chatHistory');
  await joined(c, 'Bob', room.roomId);
  const stored = (await history).filter((message) => message.text === text);
  expect(stored.map((message) => message.id)).toEqual([resent.id]);
  [a, b, c].forEach((socket) => socket.close());
});

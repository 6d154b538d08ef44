/**
 * `npm run conformance:serve`, the bare Socket.IO layer with the settings of the socket.io
 * team's protocol suites, checked here with a raw client as those suites check it: the echo,
 * the events and acks, namespaces, and the closes of a client that never speaks (a connect
 * timeout, a ping timeout), which must end the TCP connection within the timeouts, not when
 * the object is evicted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '../support/test';
import WebSocket from 'ws';

const PORT = 8797;
const ORIGIN = `ws://127.0.0.1:${PORT}`;
/** The fixture's pingInterval + pingTimeout is 500 ms; eviction would take about 10 s. */
const PROMPT_CLOSE_MS = 2_500;

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const child = spawn('node', ['scripts/conformance-serve.mjs'], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no fixture: ${output}`)), 110_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('conformance fixture on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => reject(new Error(`the fixture exited: ${output}`)));
  });
});

test.afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
});

/** A raw websocket that keeps every frame and can wait for the next one or for its close. */
class RawSocket {
  readonly frames: string[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(String(data));
      this.waiters.splice(0).forEach((wake) => wake());
    });
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
  }

  static async open(path: string) {
    const ws = new WebSocket(`${ORIGIN}${path}?EIO=4&transport=websocket`);
    const socket = new RawSocket(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return socket;
  }

  /** The first frame from `from` on that matches, within five seconds. */
  async next(match: (frame: string) => boolean, from = 0): Promise<string> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no such frame in ${this.frames.join(' | ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  send(frame: string) {
    this.ws.send(frame);
  }

  /** Answers each ping with a pong, as a live client does. */
  answerPings() {
    this.ws.on('message', (data) => String(data) === '2' && this.ws.send('3'));
  }
}

async function closedWithin(socket: RawSocket, ms: number) {
  const started = Date.now();
  const outcome = await Promise.race([
    socket.closed.then(() => 'closed'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
  expect(outcome).toBe('closed');
  return Date.now() - started;
}

test('Engine.IO: the handshake has the reference settings, and a message is echoed', async () => {
  const socket = await RawSocket.open('/engine.io/');
  const open = JSON.parse((await socket.next((f) => f.startsWith('0'))).slice(1));
  expect(open).toMatchObject({ upgrades: [], pingInterval: 300, pingTimeout: 200 });
  expect(open.maxPayload).toBe(1e6);
  socket.answerPings();
  socket.send('4hello');
  expect(await socket.next((f) => f.startsWith('4'))).toBe('4hello');
  socket.ws.close();
});

test('Engine.IO: a client that never answers a ping is closed at its ping timeout', async () => {
  const socket = await RawSocket.open('/engine.io/');
  await socket.next((f) => f === '2');
  await closedWithin(socket, PROMPT_CLOSE_MS);
});

test('Socket.IO: a client that never sends CONNECT is closed within the timeouts', async () => {
  const socket = await RawSocket.open('/socket.io/');
  await socket.next((f) => f.startsWith('0'));
  await closedWithin(socket, PROMPT_CLOSE_MS);
  expect(socket.frames.filter((f) => f.startsWith('40'))).toEqual([]);
});

test('Socket.IO: connect with auth, events, acks and the namespaces', async () => {
  const socket = await RawSocket.open('/socket.io/');
  socket.answerPings();
  await socket.next((f) => f.startsWith('0'));
  socket.send('40{"token":"123"}');
  const connected = JSON.parse((await socket.next((f) => f.startsWith('40'))).slice(2));
  expect(connected.sid).toEqual(expect.any(String));
  expect(await socket.next((f) => f.startsWith('42["auth"'))).toBe('42["auth",{"token":"123"}]');

  socket.send('42["message",1,"2",{"3":[true]}]');
  expect(await socket.next((f) => f.startsWith('42["message-back"'))).toBe(
    '42["message-back",1,"2",{"3":[true]}]',
  );
  socket.send('4256["message-with-ack",1,"2"]');
  expect(await socket.next((f) => f.startsWith('43'))).toBe('4356[1,"2"]');

  socket.send('40/custom,');
  const custom = await socket.next((f) => f.startsWith('40/custom,'));
  expect(JSON.parse(custom.slice('40/custom,'.length)).sid).not.toBe(connected.sid);
  socket.send('40/unknown,');
  expect(await socket.next((f) => f.startsWith('44/unknown,'))).toBe(
    '44/unknown,{"message":"Invalid namespace"}',
  );
  socket.ws.close();
});

/**
 * A bare Socket.IO client over the worker's websocket: raw Engine.IO / Socket.IO frames, so the
 * tests see exactly what goes over the wire (and can send what no well-behaved client would).
 */
import { SELF } from 'cloudflare:test';
import type { Client } from './api';
import { ORIGIN } from './api';

const WAIT_MS = 3000;

export class TestSocket {
  readonly frames: string[] = [];
  closed = false;
  private listeners: (() => void)[] = [];
  private nextAckId = 0;

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      this.frames.push(typeof event.data === 'string' ? event.data : '<binary>');
      this.notify();
    });
    ws.addEventListener('close', () => {
      this.closed = true;
      this.notify();
    });
  }

  /** A test socket over a websocket opened some other way (accepted here). */
  static wrap(ws: WebSocket) {
    ws.accept();
    return new TestSocket(ws);
  }

  /** Opens the websocket; the response is returned too when the upgrade is refused. */
  static async open(client: Client | null, roomId: string, origin: string | null = ORIGIN) {
    const headers: Record<string, string> = { Upgrade: 'websocket' };
    if (client?.cookie) headers.Cookie = client.cookie;
    if (client) headers['CF-Connecting-IP'] = client.ip;
    if (origin) headers.Origin = origin;
    const url = `${ORIGIN}/socket.io/?EIO=4&transport=websocket&room=${encodeURIComponent(roomId)}`;
    const response = await SELF.fetch(url, { headers });
    if (!response.webSocket) throw new Error(`upgrade refused with ${response.status}`);
    response.webSocket.accept();
    const socket = new TestSocket(response.webSocket);
    await socket.waitFor((frame) => frame.startsWith('0{'));
    return socket;
  }

  /** Opens and sends the Socket.IO CONNECT; answers the CONNECT or CONNECT_ERROR frame. */
  static async connect(client: Client | null, roomId: string, origin: string | null = ORIGIN) {
    const socket = await TestSocket.open(client, roomId, origin);
    socket.send('40');
    const answer = await socket.waitFor(
      (frame) => frame.startsWith('40') || frame.startsWith('44'),
    );
    return { socket, answer };
  }

  /** Opens, connects and joins; fails the test if any step is refused. */
  static async joined(client: Client, roomId: string, name: string) {
    const { socket, answer } = await TestSocket.connect(client, roomId);
    if (!answer.startsWith('40')) throw new Error(`connect refused: ${answer}`);
    const ack = await socket.emit('join', { name, room: roomId });
    if (ack.error) throw new Error(`join refused: ${ack.error}`);
    await socket.waitForEvent('chatHistory');
    return socket;
  }

  send(frame: string | ArrayBuffer) {
    this.ws.send(frame);
  }

  /** Emits an event with an acknowledgement and answers the acknowledgement's first argument. */
  async emit(event: string, ...args: unknown[]): Promise<Record<string, any>> {
    const id = this.nextAckId++;
    this.send(`42${id}${JSON.stringify([event, ...args])}`);
    const frame = await this.waitFor((f) => new RegExp(`^43${id}\\[`).test(f));
    return JSON.parse(frame.slice(2 + String(id).length))[0];
  }

  /** Every payload received so far for an event, in order. */
  events(name: string): any[] {
    return this.frames
      .filter((frame) => frame.startsWith('42['))
      .map((frame) => JSON.parse(frame.slice(2)) as unknown[])
      .filter(([event]) => event === name)
      .map(([, payload]) => payload);
  }

  async waitForEvent(name: string, count = 1): Promise<any[]> {
    await this.until(() => this.events(name).length >= count, `${count} '${name}' event(s)`);
    return this.events(name);
  }

  async waitFor(match: (frame: string) => boolean): Promise<string> {
    let found: string | undefined;
    await this.until(() => (found = this.frames.find(match)) !== undefined, 'a matching frame');
    return found!;
  }

  async waitForClose() {
    await this.until(() => this.closed, 'the socket to close');
  }

  close() {
    if (!this.closed) this.ws.close(1000);
  }

  private async until(condition: () => boolean, what: string) {
    const deadline = Date.now() + WAIT_MS;
    while (!condition()) {
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${what}; frames: ${this.frames.slice(-5).join(' | ')}`,
        );
      }
      await new Promise<void>((resolve) => {
        this.listeners.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  private notify() {
    const listeners = this.listeners;
    this.listeners = [];
    listeners.forEach((listener) => listener());
  }
}

/**
 * Waits for the server to end `socket` with `notice`: the notice as a message event, then the
 * Socket.IO DISCONNECT ('41'), then the close, all within `withinMs` of `since`.
 */
export async function endedWithNotice(
  socket: TestSocket,
  notice: string,
  since: number,
  withinMs = 1000,
) {
  await socket.waitFor((frame) => frame === '41');
  await socket.waitForClose();
  const elapsed = Date.now() - since;
  const noticeAt = socket.frames.findIndex(
    (frame) => frame.startsWith('42["message"') && JSON.parse(frame.slice(2))[1].text === notice,
  );
  const disconnectAt = socket.frames.indexOf('41');
  if (noticeAt < 0 || noticeAt > disconnectAt) {
    throw new Error(`no '${notice}' before the DISCONNECT: ${socket.frames.slice(-4).join(' | ')}`);
  }
  if (elapsed > withinMs) throw new Error(`ended after ${elapsed} ms`);
}

/**
 * The peer: a chat room the way Cloudflare's own chat demo (`workers-chat-demo`) builds one,
 * written from its description, not its code. One object per room; every message rebroadcast
 * to every session as JSON and stored in the object's storage under a time key; a newcomer gets
 * the last 100 stored messages; sessions are plain accepted WebSockets held in memory (no
 * hibernation). It is what someone would build instead of this app on Workers, so the bench
 * holds ours against it (`--floor` runs it beside the floor). No auth, no checks, no presence,
 * no recovery. The demo's framing is its own JSON; here every frame is wrapped in the same
 * minimal Socket.IO packets the floor speaks, so the bench's clients can talk to it.
 * Not the product: it never ships.
 */
import { DurableObject } from 'cloudflare:workers';

const OPEN = `0${JSON.stringify({
  sid: 'peer',
  upgrades: [],
  pingInterval: 25000,
  pingTimeout: 20000,
  maxPayload: 1000000,
})}`;
const BACKLOG = 100;

export class PeerRoom extends DurableObject {
  /** @type {Map<WebSocket, { name: string | null }>} */
  sessions = new Map();
  /** Storage keys in time order: a timestamp, bumped past the last one (the demo's way). */
  lastTimestamp = 0;
  /** Message ids rise per room (the bench checks order by id). */
  lastId = 0;

  async fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    server.accept();
    const session = { name: null };
    this.sessions.set(server, session);
    server.addEventListener('message', (event) => this.receive(server, session, event.data));
    const quit = () => this.sessions.delete(server);
    server.addEventListener('close', quit);
    server.addEventListener('error', quit);
    server.send(OPEN);
    return new Response(null, { status: 101, webSocket: client });
  }

  async receive(ws, session, frame) {
    if (typeof frame !== 'string') return;
    if (frame === '40') return ws.send('40{"sid":"peer"}');
    if (!frame.startsWith('42')) return; // pongs
    const bracket = frame.indexOf('[');
    const ackId = frame.slice(2, bracket);
    const [event, payload] = JSON.parse(frame.slice(bracket));
    const ack = (body) => ackId && ws.send(`43${ackId}[${JSON.stringify(body)}]`);
    if (event === 'join') {
      session.name = String(payload?.name ?? '');
      // The demo sends the backlog to a newcomer, read from storage.
      const stored = await this.ctx.storage.list({ reverse: true, limit: BACKLOG });
      const history = [...stored.values()].reverse();
      ws.send(`42${JSON.stringify(['history', history])}`);
      return ack({});
    }
    if (session.name === null) return ack({ error: 'Join first' });
    if (event === 'sendMessage') {
      const message = {
        id: ++this.lastId,
        user: session.name,
        text: String(payload?.text ?? '').slice(0, 256),
        messageType: 'user',
        createdAt: Date.now(),
      };
      return this.storeAndBroadcast('message', message, ack);
    }
    // The bench's verbs (reactions and edits), stored and told like a message.
    if (event === 'react' || event === 'editMessage') {
      const change = { id: Number(payload?.messageId), user: session.name, at: Date.now() };
      if (event === 'react') change.emoji = String(payload?.emoji ?? '');
      else change.text = String(payload?.text ?? '').slice(0, 256);
      const name = event === 'react' ? 'reactions' : 'messageUpdated';
      return this.storeAndBroadcast(name, change, ack);
    }
    ack({});
  }

  async storeAndBroadcast(event, data, ack) {
    const timestamp = Math.max(Date.now(), this.lastTimestamp + 1);
    this.lastTimestamp = timestamp;
    const json = JSON.stringify(data);
    // As the demo does: tell everyone, then store.
    const frame = `42["${event}",${json}]`;
    for (const [socket, session] of this.sessions) {
      if (session.name === null) continue;
      try {
        socket.send(frame);
      } catch {
        this.sessions.delete(socket);
      }
    }
    await this.ctx.storage.put(new Date(timestamp).toISOString(), json);
    ack({});
  }
}

export default {
  fetch(request, env) {
    const room = new URL(request.url).searchParams.get('room') ?? '';
    if (request.headers.get('Upgrade') !== 'websocket') return new Response('peer');
    return env.ROOMS.get(env.ROOMS.idFromName(room)).fetch(request);
  },
};

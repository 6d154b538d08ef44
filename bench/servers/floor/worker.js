/**
 * The workerd floor: the least a Durable Object can do for the bench's rooms, as a yardstick of
 * what the runtime itself costs per socket and per frame. One object per room, hibernatable
 * sockets, the same events as the baseline (join, sendMessage → message to the room and an
 * ack; the verbs react and editMessage → their event to the room), members in memory and in
 * the sockets' attachments, no auth, no storage, no checks.
 * Not the product: it never ships, and `npm run bench -- --floor` is its only user.
 */
import { DurableObject } from 'cloudflare:workers';

const OPEN = `0${JSON.stringify({
  sid: 'floor',
  upgrades: [],
  pingInterval: 25000,
  pingTimeout: 20000,
  maxPayload: 1000000,
})}`;

export class FloorRoom extends DurableObject {
  /** The joined sockets and their nicknames, found again in their attachments after a wake. */
  members = new Map();
  /** Rising across wakes without storage (the bench checks each room's ids are in order). */
  lastId = Date.now() * 1000;

  constructor(ctx, env) {
    super(ctx, env);
    for (const ws of ctx.getWebSockets()) {
      const name = ws.deserializeAttachment()?.name;
      if (typeof name === 'string') this.members.set(ws, name);
    }
  }

  fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.send(OPEN);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(ws, frame) {
    if (typeof frame !== 'string') return;
    if (frame === '40') return ws.send('40{"sid":"floor"}');
    if (!frame.startsWith('42')) return; // pongs
    const bracket = frame.indexOf('[');
    const ackId = frame.slice(2, bracket);
    const [event, payload] = JSON.parse(frame.slice(bracket));
    if (event === 'join') {
      const name = String(payload?.name ?? '');
      this.members.set(ws, name);
      ws.serializeAttachment({ name });
    } else if (event === 'sendMessage') {
      const user = this.members.get(ws);
      if (user === undefined) return ws.send(`43${ackId}[{"error":"Join first"}]`);
      const message = {
        id: ++this.lastId,
        user,
        text: String(payload?.text ?? ''),
        messageType: 'user',
        createdAt: Date.now(),
      };
      const encoded = `42${JSON.stringify(['message', message])}`;
      for (const member of this.members.keys()) member.send(encoded);
    } else if (event === 'react' || event === 'editMessage') {
      // The verbs scenario's reactions and edits: told to the room as they came, no more.
      if (!this.members.has(ws)) return ws.send(`43${ackId}[{"error":"Join first"}]`);
      const name = event === 'react' ? 'reactions' : 'messageUpdated';
      const encoded = `42${JSON.stringify([name, { id: payload?.messageId, ...payload }])}`;
      for (const member of this.members.keys()) member.send(encoded);
    }
    if (ackId) ws.send(`43${ackId}[{}]`);
  }

  webSocketClose(ws) {
    this.members.delete(ws);
  }
}

export default {
  fetch(request, env) {
    const room = new URL(request.url).searchParams.get('room') ?? '';
    if (request.headers.get('Upgrade') !== 'websocket')
      return new Response('floor', { status: 200 });
    return env.ROOMS.get(env.ROOMS.idFromName(room)).fetch(request);
  },
};

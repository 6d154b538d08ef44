/**
 * The room's open sockets and their state. The attachment is the durable copy (it survives
 * hibernation); the map is the fast copy, rebuilt from attachments when the object wakes.
 */
import type { SocketState } from './socket-state';

export class SocketRegistry {
  private states: Map<WebSocket, SocketState> | null = null;

  constructor(private readonly ctx: DurableObjectState) {}

  private all(): Map<WebSocket, SocketState> {
    if (!this.states) {
      this.states = new Map();
      for (const ws of this.ctx.getWebSockets()) {
        const state = ws.deserializeAttachment() as SocketState | null;
        if (state) this.states.set(ws, state);
      }
    }
    return this.states;
  }

  add(ws: WebSocket, state: SocketState) {
    this.ctx.acceptWebSocket(ws);
    this.save(ws, state);
  }

  get(ws: WebSocket): SocketState | undefined {
    return this.all().get(ws);
  }

  /** Persists a change that must outlive hibernation (connected, nickname). */
  save(ws: WebSocket, state: SocketState) {
    ws.serializeAttachment(state);
    this.all().set(ws, state);
  }

  remove(ws: WebSocket) {
    this.all().delete(ws);
  }

  entries(): [WebSocket, SocketState][] {
    return [...this.all()];
  }

  /** Sockets that joined the room, optionally only one user's. */
  joined(userId?: string): [WebSocket, SocketState][] {
    return this.entries().filter(
      ([, state]) => state.nickname !== null && (userId === undefined || state.userId === userId),
    );
  }

  /** Sends one already-encoded frame to every joined socket: encoded once, sent N times. */
  sendToJoined(frame: string, except?: WebSocket) {
    for (const [ws] of this.joined()) {
      if (ws !== except) safeSend(ws, frame);
    }
  }

  /** Who is online: one entry per person, however many tabs they have open. */
  onlineNicknames(): { nickname: string }[] {
    const byUser = new Map<string, string>();
    for (const [, state] of this.joined()) byUser.set(state.userId, state.nickname!);
    return [...byUser.values()].sort().map((nickname) => ({ nickname }));
  }
}

/** A socket that is closing throws on send; that socket is on its way out anyway. */
export function safeSend(ws: WebSocket, frame: string) {
  try {
    ws.send(frame);
  } catch {
    // ignored on purpose: see above
  }
}

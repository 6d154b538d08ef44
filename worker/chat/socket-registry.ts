/**
 * The room's open sockets and their state. The attachment is the durable copy (it survives
 * hibernation); the maps are the fast copies, rebuilt from attachments when the object wakes.
 * The joined sockets have a map of their own because every message is sent to all of them.
 */
import type { SocketState } from './socket-state';

export class SocketRegistry {
  private states: Map<WebSocket, SocketState> | null = null;
  private joinedStates = new Map<WebSocket, SocketState>();
  /** When each socket last sent anything; in memory only, so a woken object starts afresh. */
  private heardAt = new Map<WebSocket, number>();
  private wokeAt = Date.now();

  constructor(private readonly ctx: DurableObjectState) {}

  private all(): Map<WebSocket, SocketState> {
    if (!this.states) {
      this.states = new Map();
      for (const ws of this.ctx.getWebSockets()) {
        const state = ws.deserializeAttachment() as SocketState | null;
        if (state) this.remember(ws, state);
      }
    }
    return this.states;
  }

  private remember(ws: WebSocket, state: SocketState) {
    this.states!.set(ws, state);
    if (state.nickname === null) this.joinedStates.delete(ws);
    else this.joinedStates.set(ws, state);
  }

  add(ws: WebSocket, state: SocketState) {
    this.ctx.acceptWebSocket(ws);
    this.save(ws, state);
    this.heard(ws);
  }

  heard(ws: WebSocket) {
    this.heardAt.set(ws, Date.now());
  }

  /** Sockets that have sent nothing, not even a pong, since `since`. */
  silentSince(since: number): WebSocket[] {
    return [...this.all().keys()].filter((ws) => (this.heardAt.get(ws) ?? this.wokeAt) < since);
  }

  /** How many sockets one person has open here. */
  countFor(userId: string): number {
    let count = 0;
    for (const state of this.all().values()) if (state.userId === userId) count++;
    return count;
  }

  get(ws: WebSocket): SocketState | undefined {
    return this.all().get(ws);
  }

  /** Persists a change that must outlive hibernation (connected, nickname). */
  save(ws: WebSocket, state: SocketState) {
    ws.serializeAttachment(state);
    this.all();
    this.remember(ws, state);
  }

  remove(ws: WebSocket) {
    this.all().delete(ws);
    this.joinedStates.delete(ws);
    this.heardAt.delete(ws);
  }

  entries(): [WebSocket, SocketState][] {
    return [...this.all()];
  }

  /** Whether the person has joined the room from another socket (another tab) too. */
  joinedElsewhere(userId: string, ws: WebSocket): boolean {
    this.all();
    for (const [other, state] of this.joinedStates) {
      if (other !== ws && state.userId === userId) return true;
    }
    return false;
  }

  /** Sends one already-encoded frame to every joined socket: encoded once, sent N times. */
  sendToJoined(frame: string, except?: WebSocket | Set<WebSocket>) {
    this.all();
    const skip = except instanceof Set ? except : new Set(except ? [except] : []);
    for (const ws of this.joinedStates.keys()) {
      if (!skip.has(ws)) safeSend(ws, frame);
    }
  }

  /** Who is online: one entry per person, however many tabs they have open. */
  onlineNicknames(): { nickname: string }[] {
    this.all();
    const byUser = new Map<string, string>();
    for (const state of this.joinedStates.values()) byUser.set(state.userId, state.nickname!);
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

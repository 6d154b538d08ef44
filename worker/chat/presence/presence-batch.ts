/**
 * Presence news (the room's roomData and the "has joined" / "has left" notices) goes out at
 * most every PRESENCE_INTERVAL_MS. Sent on every join, it cost a room of N people N frames per
 * join, N² when everyone reconnects at once after a deploy; batched, a storm of joins costs a
 * few roomData frames per person, and the joins themselves are answered without waiting.
 * A lone join in a quiet room still goes out at once; while joins keep arriving, the batch
 * waits for a pause (STORM_PAUSE_MS), a second at most.
 */
import type { ChatMessage } from '../../../contract/realtime';
import { notice } from '../messages/notice';

/**
 * A quarter of a second: outside a storm of joins (STORM_PAUSE_MS) a person sees who came in
 * no later than that, and a room that many reconnect to at once (after a deploy, a network
 * blip) flushes at most 4 times a second instead of 10: each flush lists everyone to
 * everyone, so a shorter interval costs a storm more than anyone can see.
 */
export const PRESENCE_INTERVAL_MS = 250;
/**
 * Beyond 125 joined sockets, the interval grows with the room, two milliseconds per socket:
 * each roomData lists everyone and goes to everyone, so a fixed interval made a storm of N
 * joins cost N² bytes per interval (a 1,000-person room reconnecting sent hundreds of
 * megabytes); now a flush costs N² every 2N ms, about 500·N a second, linear in the room's
 * size. A room of 500 hears its news every second, one of 1,000 every two.
 */
export const PRESENCE_MS_PER_SOCKET = 2;

export function presenceInterval(joined: number): number {
  return Math.max(PRESENCE_INTERVAL_MS, PRESENCE_MS_PER_SOCKET * joined);
}
/**
 * While news keeps coming (a room everyone reconnects to), a batch that is due waits for a
 * pause of STORM_PAUSE_MS, but never longer than STORM_MAX_WAIT_MS after its first change. The
 * first frame a socket gets in an event costs the runtime more than the rest (each starts the
 * socket's write pump, and in workerd that allocates what the next garbage collection has to
 * sweep), so in a storm of joins the room sends each socket its news in one or two events,
 * not one every PRESENCE_INTERVAL_MS. A lone change, or a burst followed by quiet, goes out as
 * before.
 */
export const STORM_PAUSE_MS = 100;
export const STORM_MAX_WAIT_MS = 1000;

/**
 * Up to this many arrivals (or departures) in one batch, each gets the spec's own notice; beyond
 * it (a room reconnecting after a deploy), one notice names the first two and counts the rest.
 */
export const NAMED_NOTICES_MAX = 10;

export type PresenceChange = 'joined' | 'left';

/** Someone arrived or left, through this socket. */
export interface PresenceEvent {
  kind: PresenceChange;
  nickname: string;
  socket: WebSocket;
}

interface Change {
  nickname: string;
  /** The socket that caused it does not hear its own notice. */
  socket: WebSocket;
  /** Its place in the batch: a socket that joined after a change was not there to see it. */
  order: number;
}

export interface PresenceNotice {
  message: ChatMessage;
  except: Set<WebSocket>;
}

export class PresenceBatch {
  private changes: Record<PresenceChange, Change[]> = { joined: [], left: [] };
  private scheduled = false;
  private lastFlushAt = 0;
  private order = 0;
  /** When the batch waiting now got its first change, and its latest. */
  private firstChangeAt = 0;
  private lastChangeAt = 0;

  /** `deliver` sends the roomData and the notices, within one event; `interval` the wait. */
  constructor(
    private readonly deliver: (notices: PresenceNotice[]) => void,
    private readonly interval: () => number = () => PRESENCE_INTERVAL_MS,
  ) {}

  /** Someone arrived or left (with a notice), or only the online list changed (without). */
  changed(change?: PresenceEvent) {
    if (change) this.changes[change.kind].push({ ...change, order: this.order++ });
    const now = Date.now();
    this.lastChangeAt = now;
    if (this.scheduled) return;
    this.scheduled = true;
    this.firstChangeAt = now;
    const wait = Math.max(0, this.lastFlushAt + this.interval() - now);
    // After a quiet interval the news goes out at once, whatever else arrives in this event.
    setTimeout(() => (wait === 0 ? this.flush() : this.flushAfterPause()), wait);
  }

  /** Due: out now, unless news is still arriving (STORM_PAUSE_MS). */
  private flushAfterPause() {
    const pauseAt = this.lastChangeAt + STORM_PAUSE_MS;
    const latest = this.firstChangeAt + STORM_MAX_WAIT_MS;
    const wait = Math.min(pauseAt, latest) - Date.now();
    if (wait > 0) setTimeout(() => this.flushAfterPause(), wait);
    else this.flush();
  }

  /** The person's news still waiting is void (they were removed: the room heard that instead). */
  forget(nickname: string) {
    for (const kind of ['joined', 'left'] as const) {
      this.changes[kind] = this.changes[kind].filter((change) => change.nickname !== nickname);
    }
  }

  private flush() {
    this.scheduled = false;
    this.lastFlushAt = Date.now();
    const { joined, left } = withoutReturns(this.changes);
    this.changes = { joined: [], left: [] };
    this.deliver([
      ...notices(joined, 'has joined the room', joined),
      ...notices(left, 'has left the room', joined),
    ]);
  }
}

/**
 * A person who left and came back within one batch (a reload, a dropped connection) was never
 * seen gone, so neither notice goes out; sent, the batch would say "has joined" before "has
 * left" and leave them looking gone.
 */
function withoutReturns({ joined, left }: Record<PresenceChange, Change[]>) {
  const returns = left.flatMap((departure) => {
    const back = joined.find(
      (arrival) => arrival.nickname === departure.nickname && arrival.order > departure.order,
    );
    return back ? [departure, back] : [];
  });
  const kept = (change: Change) => !returns.includes(change);
  return { joined: joined.filter(kept), left: left.filter(kept) };
}

/**
 * As Socket.IO's broadcast to the room at the time: a notice reaches those joined when it
 * happened, not the sockets that joined later in the same batch (they see the online list).
 */
function notices(changes: Change[], verb: string, joined: Change[]): PresenceNotice[] {
  const joinedAfter = (order: number) =>
    joined.filter((arrival) => arrival.order > order).map((arrival) => arrival.socket);
  if (changes.length <= NAMED_NOTICES_MAX) {
    return changes.map(({ nickname, socket, order }) => ({
      message: notice(`${nickname} ${verb}`),
      except: new Set([socket, ...joinedAfter(order)]),
    }));
  }
  const named = changes
    .slice(0, 2)
    .map((change) => change.nickname)
    .join(', ');
  return [
    {
      message: notice(`${named} and ${changes.length - 2} others ${verb.replace('has', 'have')}`),
      except: new Set([
        ...changes.map((change) => change.socket),
        ...joinedAfter(changes[0]!.order),
      ]),
    },
  ];
}

/**
 * Engine.IO's heartbeat under hibernation, driven by the object's one alarm (no timer keeps a
 * hibernating object awake): every pingInterval each socket gets a ping, and a socket silent
 * for the interval and the timeout is gone (a dead network rarely says so). The same round
 * closes sockets that never connected to a namespace within the connect timeout.
 *
 * Pongs: in Engine.IO v4 the server pings ("2") and the client answers "3". With `autoPong`
 * the runtime answers that "3" itself with an Engine.IO no-op ("6", which clients ignore)
 * without waking the object, and getWebSocketAutoResponseTimestamp() tells when it last did:
 * the client's pong is the request, so liveness costs no call into the object. The price is
 * one extra byte-sized frame per client per interval; the reference sends nothing back, which
 * is why it is an option (the protocol fixture turns it off to match the reference exactly).
 */
import { PING } from './parser';
import type { Registry } from './registry';
import { send } from './send';

const NEXT_PING_AT = 'sio:nextPingAt';
/** An alarm this early still counts as the round's (alarms ring a little early or late). */
const SLACK_MS = 10;

export interface HeartbeatSettings {
  pingInterval: number;
  pingTimeout: number;
  autoPong: boolean;
}

export type Ending = 'ping timeout' | 'connect timeout';

/**
 * When the rounds fall, with no storage write per round: the rounds are anchor + k × interval,
 * the anchor written once in the object's life (a write per round, every 25 s in every occupied
 * object, would be the largest line of a storage bill). Which
 * round this instance last ran is in memory only, so an instance that just woke (from
 * hibernation or a restart) pings at its first alarm: at worst one early round, which clients
 * take as any other. A round is never skipped: the alarm is never set past the next one.
 */
export class PingClock {
  private lastPingAt: number | null = null;
  /** The anchor, once read: it never changes, and every upgrade asks for the next round. */
  private anchorAt: number | undefined;

  constructor(
    private readonly kv: SyncKvStorage,
    private readonly interval: number,
  ) {}

  private anchor(now: number): number {
    this.anchorAt ??= this.kv.get<number>(NEXT_PING_AT);
    if (this.anchorAt === undefined) {
      this.anchorAt = now + this.interval;
      this.kv.put(NEXT_PING_AT, this.anchorAt);
    }
    return this.anchorAt;
  }

  /** The latest round due by `now`, or null while the first is ahead. */
  private latest(now: number): number | null {
    const anchor = this.anchor(now);
    if (anchor > now + SLACK_MS) return null;
    return anchor + Math.floor((now + SLACK_MS - anchor) / this.interval) * this.interval;
  }

  /** Whether a round is due that this instance has not run. */
  due(now = Date.now()): boolean {
    const latest = this.latest(now);
    if (latest === null) return false;
    return this.lastPingAt === null || this.lastPingAt < latest - SLACK_MS;
  }

  pinged(now = Date.now()) {
    this.lastPingAt = now;
  }

  /** When the next round falls (after `now`). */
  next(now = Date.now()): number {
    const latest = this.latest(now);
    return latest === null ? this.anchor(now) : latest + this.interval;
  }
}

/**
 * Runs one round if due; answers when the alarm should next ring (null: no socket is open).
 * `end` closes a socket for the given reason.
 */
export function heartbeat<Data>(
  ctx: DurableObjectState,
  registry: Registry<Data>,
  clock: PingClock,
  settings: HeartbeatSettings,
  end: (ws: WebSocket, why: Ending) => void,
  now = Date.now(),
): number | null {
  const due = clock.due(now);
  const silentBefore = now - settings.pingInterval - settings.pingTimeout;
  for (const [ws, record] of registry.entries()) {
    if (record.connectBy && record.connectBy <= now) {
      end(ws, 'connect timeout');
    } else if (due && lastHeard(ctx, registry, ws, settings.autoPong) < silentBefore) {
      end(ws, 'ping timeout');
    } else if (due) {
      send(ws, PING);
    }
  }
  if (due) clock.pinged(now);
  if (registry.size === 0) return null;
  let next = clock.next(now);
  for (const [, record] of registry.entries()) {
    if (record.connectBy && record.connectBy < next) next = record.connectBy;
  }
  return next;
}

function lastHeard<Data>(
  ctx: DurableObjectState,
  registry: Registry<Data>,
  ws: WebSocket,
  autoPong: boolean,
): number {
  const heard = registry.lastHeard(ws);
  if (!autoPong) return heard;
  const answered = ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
  return Math.max(heard, answered);
}

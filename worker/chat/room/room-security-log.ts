/**
 * What a room writes to the security log: refused sockets, floods, hostile payloads, each with
 * the room's id. A loop of refusals (a flooding script, a flaky network reconnecting, a person
 * over their ten sockets) is one line per person and kind every REFUSAL_LOG_INTERVAL_MS, not
 * one per attempt: each line is a D1 write and a step of the address's threat score, and the
 * person's own address must not be blocked for their tabs' reconnects.
 */
import { closeAddressSockets, NETWORK_BLOCKED } from '../../room-calls/close-sockets';
import {
  recordSecurityEvent,
  type SecurityDecision,
  type ViolationType,
} from '../../security/security-events';
import { PersonLimit } from '../sockets/person-limit';
import type { RoomSockets, SocketState } from '../sockets/socket-state';
import { closeAddress } from './room-exits';

const REFUSAL_LOG_INTERVAL_MS = 10_000;

export class RoomSecurityLog {
  /** A bucket of one line, refilled once per interval, per person and kind. */
  private readonly refusalLog = new PersonLimit(1000 / REFUSAL_LOG_INTERVAL_MS, 1);

  /** `env` is read at each write, as the room reads its bindings. */
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: () => Env,
    private readonly identity: { readonly id: string },
    private readonly sockets: RoomSockets,
  ) {}

  record(state: SocketState, eventType: ViolationType, details: Record<string, unknown>) {
    const event = {
      eventType,
      ip: state.ip,
      userId: state.userId,
      details: { roomId: this.identity.id, ...details },
    };
    const env = this.env();
    this.ctx.waitUntil(
      recordSecurityEvent(env, event).then((decision) => this.act(env, state.ip, decision)),
    );
  }

  /**
   * The log's decision: a block it started ends the address's sockets, here (this room's own,
   * without a call to itself) and in the other rooms the address reached.
   */
  private async act(env: Env, ip: string, { blocked }: SecurityDecision) {
    if (!blocked) return;
    closeAddress(this.sockets, ip, NETWORK_BLOCKED);
    await closeAddressSockets(env, ip, NETWORK_BLOCKED, this.identity.id);
  }

  /** The person went over `limit` (throttled, see above). */
  rateLimited(state: SocketState, limit: string) {
    this.refused(state, 'rate_limited', { limit });
  }

  /** A refusal that a loop repeats: the first of each kind per interval is written. */
  refused(state: SocketState, eventType: ViolationType, details: Record<string, string>) {
    const kind = `${eventType} ${Object.values(details).join(' ')} ${state.userId}`;
    if (this.refusalLog.take(kind)) this.record(state, eventType, details);
  }
}

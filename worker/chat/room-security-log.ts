/**
 * What a room writes to the security log: refused sockets, floods, hostile payloads, each with
 * the room's id. A loop of refusals (a flooding script, a flaky network reconnecting) is one
 * line per person and limit every RATE_LIMIT_LOG_INTERVAL_MS, not one per attempt: each line is
 * a D1 write and a step of the address's threat score.
 */
import { recordSecurityEvent, type ViolationType } from '../security/security-events';
import { OncePer } from './person-limit';
import type { RoomIdentity } from './room-identity';
import type { SocketState } from './socket-state';

export const RATE_LIMIT_LOG_INTERVAL_MS = 10_000;

export class RoomSecurityLog {
  private readonly rateLimitLog = new OncePer(RATE_LIMIT_LOG_INTERVAL_MS);

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly identity: RoomIdentity,
  ) {}

  record(state: SocketState, eventType: ViolationType, details: Record<string, unknown>) {
    const event = {
      eventType,
      ip: state.ip,
      userId: state.userId,
      details: { roomId: this.identity.id, ...details },
    };
    this.ctx.waitUntil(recordSecurityEvent(this.env, event));
  }

  /** The person went over `limit` (throttled, see above). */
  rateLimited(state: SocketState, limit: string) {
    if (this.rateLimitLog.take(`${limit} ${state.userId}`)) {
      this.record(state, 'rate_limited', { limit });
    }
  }
}

/**
 * Presence news (the room's roomData and the "has joined" / "has left" notices) goes out at
 * most every PRESENCE_INTERVAL_MS. Sent on every join, it cost a room of N people N frames per
 * join, N² when everyone reconnects at once after a deploy; batched, a storm of joins costs a
 * few roomData frames per person, and the joins themselves are answered without waiting.
 * A lone join in a quiet room still goes out at once.
 */
import type { ChatMessage } from '../../contract/realtime';
import { notice } from './notice';

export const PRESENCE_INTERVAL_MS = 100;
/**
 * Up to this many arrivals (or departures) in one batch, each gets the spec's own notice; beyond
 * it (a room reconnecting after a deploy), one notice names the first two and counts the rest.
 */
export const NAMED_NOTICES_MAX = 10;

export type PresenceChange = 'joined' | 'left';

interface Change {
  nickname: string;
  /** The socket that caused it does not hear its own notice. */
  socket: WebSocket;
}

export interface PresenceNotice {
  message: ChatMessage;
  except: Set<WebSocket>;
}

export class PresenceBatch {
  private changes: Record<PresenceChange, Change[]> = { joined: [], left: [] };
  private scheduled = false;
  private lastFlushAt = 0;

  /** `deliver` sends the roomData and the notices, within one event. */
  constructor(private readonly deliver: (notices: PresenceNotice[]) => void) {}

  /** Someone arrived or left (with a notice), or only the online list changed (without). */
  changed(change?: { kind: PresenceChange; nickname: string; socket: WebSocket }) {
    if (change) this.changes[change.kind].push(change);
    if (this.scheduled) return;
    this.scheduled = true;
    const wait = Math.max(0, this.lastFlushAt + PRESENCE_INTERVAL_MS - Date.now());
    setTimeout(() => this.flush(), wait);
  }

  private flush() {
    this.scheduled = false;
    this.lastFlushAt = Date.now();
    const { joined, left } = this.changes;
    this.changes = { joined: [], left: [] };
    this.deliver([
      ...notices(joined, 'has joined the room'),
      ...notices(left, 'has left the room'),
    ]);
  }
}

function notices(changes: Change[], verb: string): PresenceNotice[] {
  if (changes.length <= NAMED_NOTICES_MAX) {
    return changes.map(({ nickname, socket }) => ({
      message: notice(`${nickname} ${verb}`),
      except: new Set([socket]),
    }));
  }
  const named = changes
    .slice(0, 2)
    .map((change) => change.nickname)
    .join(', ');
  return [
    {
      message: notice(`${named} and ${changes.length - 2} others ${verb.replace('has', 'have')}`),
      except: new Set(changes.map((change) => change.socket)),
    },
  ];
}

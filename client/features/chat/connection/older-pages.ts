import { loadHistoryAckSchema, type ChatMessage } from '../../../../contract/realtime';
import { ACK_TIMEOUT_MS, PAGE_RETRY_MS, type RoomSocket } from './socket-calls';

/** A page of the scroll back: the server's default, well under its bound of 100. */
const OLDER_PAGE = 50;

export interface OlderState {
  /** Older messages than the first shown exist on the server. */
  hasOlder: boolean;
  loadingOlder: boolean;
}

/**
 * The scroll back through a room's history (`loadHistory`): one page at a time, each just
 * before the oldest message shown, until the server says there is nothing older.
 */
export class OlderPages {
  private state: OlderState = { hasOlder: false, loadingOlder: false };

  constructor(private readonly changed: (state: OlderState) => void) {}

  /** What the server said with the first history (or a trim of the list): older exist. */
  set hasOlder(value: boolean) {
    if (value !== this.state.hasOlder) this.update({ hasOlder: value });
  }

  /**
   * Asks for the page before `oldestId`, of `limit` messages; `add` gets its messages (oldest
   * first). Nothing happens while a page is on its way (or a failed one waits to be asked
   * again), or when nothing older exists.
   */
  load(
    socket: RoomSocket,
    oldestId: number | undefined,
    add: (older: ChatMessage[]) => void,
    limit = OLDER_PAGE,
  ) {
    const { hasOlder, loadingOlder } = this.state;
    if (!hasOlder || loadingOlder || oldestId === undefined || !socket.connected) return;
    this.update({ loadingOlder: true });
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emit('loadHistory', { before: oldestId, limit }, (timedOut, ack) => {
        const parsed = timedOut ? null : loadHistoryAckSchema.safeParse(ack);
        if (!parsed?.success) {
          // Too fast, or a drop: still 'loading' for a while, then the list's sentinel, seeing
          // the loading end, asks again if it is still in view.
          setTimeout(() => this.update({ loadingOlder: false }), PAGE_RETRY_MS);
          return;
        }
        add(parsed.data.messages);
        this.update({ loadingOlder: false, hasOlder: parsed.data.hasMore });
      });
  }

  private update(change: Partial<OlderState>) {
    this.state = { ...this.state, ...change };
    this.changed(this.state);
  }
}

/** The lowest numeric id shown: the page before it is the next one back. */
export function oldestIdOf(shown: readonly ChatMessage[]): number | undefined {
  const first = shown.find((message) => typeof message.id === 'number');
  return first?.id as number | undefined;
}

import {
  loadHistoryAckSchema,
  type ChatMessage,
  type LoadHistoryAck,
  type LoadHistoryPayload,
} from '../../../../contract/realtime';
import type { JumpResult } from './room-state';
import { ACK_TIMEOUT_MS, PAGE_RETRY_MS, type RoomSocket } from './socket-calls';

/** A page towards the present: the server's default, well under its bound of 100. */
const NEWER_PAGE = 50;
/** `before` this id: the newest page, whatever the room's newest id is. */
const PRESENT = Number.MAX_SAFE_INTEGER;

export interface NewerState {
  /** Newer messages than the last shown exist: the list shows the past. */
  hasNewer: boolean;
  loadingNewer: boolean;
}

/** A whole list in place of the one shown: a jump's page, or the newest page again. */
export interface ReplacedList {
  messages: ChatMessage[];
  hasOlder: boolean;
  hasNewer: boolean;
}

/**
 * The list away from the present (issue 35's search): a jump lists the page around a message
 * (`loadHistory { around }`) in place of what was shown, and the list is then 'detached' until
 * pages after its newest (`{ after }`) reach the present again, or a jump to the latest lists
 * the newest page. Each replacement starts a new generation, so a page asked for before it (an
 * older or newer page on its way) is not merged into a list it does not belong to.
 */
export class JumpPages {
  private state: NewerState = { hasNewer: false, loadingNewer: false };
  /** Bumped by every replacement of the whole list. */
  generation = 0;

  constructor(private readonly changed: (state: NewerState) => void) {}

  get detached(): boolean {
    return this.state.hasNewer;
  }

  /** The list reached the present another way (a join's history): nothing newer waits. */
  attached() {
    if (this.state.hasNewer || this.state.loadingNewer) {
      this.generation += 1;
      this.update({ hasNewer: false, loadingNewer: false });
    }
  }

  /** Asks for the page after `newestId`; `add` gets it unless the list was replaced since. */
  loadNewer(socket: RoomSocket, newestId: number | undefined, add: (newer: ChatMessage[]) => void) {
    const { hasNewer, loadingNewer } = this.state;
    if (!hasNewer || loadingNewer || newestId === undefined || !socket.connected) return;
    this.update({ loadingNewer: true });
    const generation = this.generation;
    void ask(socket, { after: newestId, limit: NEWER_PAGE }).then((ack) => {
      if (generation !== this.generation) return;
      if (!ack.ok) {
        setTimeout(() => {
          if (generation === this.generation) this.update({ loadingNewer: false });
        }, PAGE_RETRY_MS);
        return;
      }
      add(ack.page.messages);
      this.update({ loadingNewer: false, hasNewer: ack.page.hasNewer ?? ack.page.hasMore });
    });
  }

  /** The page around `messageId`, to be shown in place of the list. */
  async around(socket: RoomSocket, messageId: number, replace: (list: ReplacedList) => void) {
    const ack = await ask(socket, { around: messageId });
    if (!ack.ok) return ack.missing ? 'missing' : ('failed' satisfies JumpResult);
    this.replace(replace, ack.page, ack.page.hasNewer ?? false);
    return 'shown' satisfies JumpResult;
  }

  /** The newest page, in place of a list that shows the past. */
  async latest(socket: RoomSocket, replace: (list: ReplacedList) => void) {
    if (!this.detached) return;
    const ack = await ask(socket, { before: PRESENT });
    if (ack.ok) this.replace(replace, ack.page, false);
  }

  private replace(replace: (list: ReplacedList) => void, page: LoadHistoryAck, hasNewer: boolean) {
    this.generation += 1;
    replace({ messages: page.messages, hasOlder: page.hasMore, hasNewer });
    this.update({ hasNewer, loadingNewer: false });
  }

  private update(change: Partial<NewerState>) {
    this.state = { ...this.state, ...change };
    this.changed(this.state);
  }
}

type Answer = { ok: true; page: LoadHistoryAck } | { ok: false; missing: boolean };

/** One loadHistory, its answer parsed (a timeout or a drop is a failure). */
function ask(socket: RoomSocket, payload: LoadHistoryPayload): Promise<Answer> {
  if (!socket.connected) return Promise.resolve({ ok: false, missing: false });
  return new Promise((resolve) => {
    socket.timeout(ACK_TIMEOUT_MS).emit('loadHistory', payload, (timedOut, ack) => {
      const parsed = timedOut ? null : loadHistoryAckSchema.safeParse(ack);
      if (parsed?.success) return resolve({ ok: true, page: parsed.data });
      resolve({ ok: false, missing: !timedOut && ack.code === 'message_not_found' });
    });
  });
}

/** The highest numeric id shown: the page after it is the next one towards the present. */
export function newestIdOf(shown: readonly ChatMessage[]): number | undefined {
  const last = shown.findLast((message) => typeof message.id === 'number');
  return last?.id as number | undefined;
}

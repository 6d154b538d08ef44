/**
 * Posting a message exactly once. A send carries a client-chosen id (clientId); the room keeps
 * it with the message, so a resend after a lost acknowledgement finds the first one, stored or
 * still in its batch, and is answered with it: nothing is stored or delivered twice.
 */
import type { ChatMessage } from '../../contract/realtime';
import { MessageBatch, type PendingMessage } from './message-batch';
import type { MessageStore } from './message-store';

export class MessagePoster {
  /** Sends still in the batch, by person and clientId. */
  private readonly inFlight = new Map<string, Promise<ChatMessage>>();
  private readonly batch = new MessageBatch((pending) => this.storeAndDeliver(pending));

  constructor(
    private readonly store: MessageStore,
    private readonly deliver: (message: ChatMessage) => void,
  ) {}

  /** The message an earlier send with this clientId stored (or is storing), if any. */
  earlier(userId: string, clientId: string): Promise<ChatMessage> | ChatMessage | null {
    return this.inFlight.get(key(userId, clientId)) ?? this.store.byClientId(userId, clientId);
  }

  /** Resolves once the message is stored and delivered (a repeat: with the first one). */
  post(message: PendingMessage): Promise<ChatMessage> {
    const { userId, clientId } = message;
    if (!userId || !clientId) return this.batch.add(message);
    const k = key(userId, clientId);
    const earlier = this.inFlight.get(k);
    if (earlier) return earlier;
    const posted = this.batch.add(message).finally(() => this.inFlight.delete(k));
    this.inFlight.set(k, posted);
    return posted;
  }

  /** Refuses the sends still in the batch (or one person's): nothing of them is stored. */
  discard(error: Error, userId?: string) {
    this.batch.discard(error, userId);
  }

  /** One batch, one commit: each message is stored, its sender answered, then sent to all. */
  private storeAndDeliver(pending: PendingMessage[]): ChatMessage[] {
    const stored = pending.map(({ userId, nickname, html, clientId }) =>
      this.store.add(userId, nickname, html, 'user', clientId),
    );
    stored.forEach((message, i) => {
      pending[i]!.onStored?.(message);
      this.deliver(message);
    });
    return stored;
  }
}

const key = (userId: string, clientId: string) => `${userId} ${clientId}`;

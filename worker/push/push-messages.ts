/**
 * What travels on the 'push' queue (docs/push.md). A room's summary flush sends one 'room'
 * message about the messages since its last one; the consumer turns it into deliveries, sent
 * at once or, when there are many, as 'deliver' messages of their own, which also carry the
 * deliveries a push service asked to try again later.
 */

/** A room's new messages, as the consumer needs them to choose whom to push and what. */
export interface RoomPushMessage {
  kind: 'room';
  roomId: string;
  /**
   * The newest new message and the newest by another author (null: the moderator): every
   * member's newest message from someone else is one of these two.
   */
  latest: { id: number; authorId: string | null }[];
  /** Member → the newest new message mentioning them. */
  mentions: [userId: string, messageId: number][];
  /** Member → the newest new message replying to one of theirs. */
  replies: [userId: string, messageId: number][];
  /** Members with a socket joined to the room at the flush: they see it there. */
  joined: string[];
}

/** One push to one browser. */
export interface Delivery {
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  messageId: number;
  /** A mention or a reply: Urgency high. */
  urgent: boolean;
}

export interface DeliverPushMessage {
  kind: 'deliver';
  roomId: string;
  deliveries: Delivery[];
  /** 1 for the first try. */
  attempt: number;
}

export type PushQueueMessage = RoomPushMessage | DeliverPushMessage;

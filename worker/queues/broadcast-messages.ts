/** The messages of the 'broadcasts' queue, and sending many of them within the queue's limits. */
import type { MessageType } from '../../contract/realtime';

/** Rooms by rowid in (from, to]: read them (a page) or split the range further. */
export interface RangeMessage {
  kind: 'range';
  broadcastId: string;
  from: number;
  to: number;
}

/** A few rooms to deliver to, tried again whole while some of them fail (broadcast-consumer.ts). */
export interface DeliverMessage {
  kind: 'deliver';
  broadcastId: string;
  /** Names this group of rooms in the broadcast's steps (see broadcast-progress.ts). */
  step: string;
  messageType: MessageType;
  html: string;
  rooms: { roomId: string; name: string }[];
}

export type BroadcastMessage = RangeMessage | DeliverMessage;

/** Rooms read per range page; a wider range is split in up to FAN_OUT smaller ones. */
export const ROOMS_PER_PAGE = 200;
export const FAN_OUT = 100;
/** Rooms per delivery message: 10 messages a batch make at most 500 room calls. */
export const ROOMS_PER_DELIVERY = 50;

/** (from, to] cut into at most FAN_OUT ranges of at least a page each. */
export function splitRange(from: number, to: number): [number, number][] {
  const parts = Math.min(FAN_OUT, Math.ceil((to - from) / ROOMS_PER_PAGE));
  const width = Math.ceil((to - from) / parts);
  const ranges: [number, number][] = [];
  for (let start = from; start < to; start += width)
    ranges.push([start, Math.min(to, start + width)]);
  return ranges;
}

/**
 * Pinned messages (realtime.ts carries the events): a room keeps up to PINS_MAX of its messages
 * at the top, chosen by its owner or an administrator, or in a private conversation by either
 * of its two people. The list is not part of a join (a connect storm must not pay for it): the
 * client asks with `loadPins` once joined, and the room tells everyone each change (`pins`).
 */
import { z } from 'zod';

/** The most messages a room keeps pinned; one more is refused 'too_many_pins'. */
export const PINS_MAX = 20;

/** `pinMessage` and `unpinMessage`: the message of this room to pin or unpin. */
export const pinMessageSchema = z.object({
  roomId: z.string().max(100).optional(),
  messageId: z.number().int().positive(),
});
export type PinMessagePayload = z.infer<typeof pinMessageSchema>;

/** `loadPins`: the room's pins, acknowledged `{ pins }` or `{ error, code }`. */
export const loadPinsSchema = z.object({ roomId: z.string().max(100).optional() });
export type LoadPinsPayload = z.infer<typeof loadPinsSchema>;

/** One pinned message: its author, its plain text cut at REPLY_EXCERPT_MAX, and when. */
export const pinSchema = z.object({
  id: z.number(),
  user: z.string(),
  excerpt: z.string(),
  createdAt: z.number(),
  pinnedAt: z.number(),
});
export type Pin = z.infer<typeof pinSchema>;

/** Newest pin first, at most PINS_MAX. */
export const pinListSchema = z.array(pinSchema).max(PINS_MAX);

/** `pins` from the server, to the whole room after each change: the list now. */
export const pinsEventSchema = z.object({ roomId: z.string(), pins: pinListSchema });
export type PinsEvent = z.infer<typeof pinsEventSchema>;

export const loadPinsAckSchema = z.object({ pins: pinListSchema });
export type LoadPinsAck = z.infer<typeof loadPinsAckSchema>;

/**
 * The frame nearly every client frame is: an event to the main namespace, `42["name",…]` or, with
 * an acknowledgement id, `42<id>["name",…]`. Decoded here in one JSON.parse, where socket.io's
 * own decoder walks the string a character at a time, copies it twice and emits the packet
 * through an event emitter: about half of a message's decoding time in a profile of many rooms.
 *
 * Only a frame whose answer is certain is taken: digits then `[`, a payload that parses to an
 * array naming a non-reserved event. Anything else (a namespace, a space in the id, a bad
 * payload) returns null and goes through socket.io's decoder, which gives the answer or the
 * refusal it always gave. test/worker/socket-io-main-event.test.ts holds the two to the same
 * packets.
 */
import { PacketType, type Packet } from 'socket.io-parser';

/** `4`: an Engine.IO message; `2`: a Socket.IO event in it. */
const ENGINE_MESSAGE = 52;
const SOCKET_EVENT = 50;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const OPEN_BRACKET = 91;
/**
 * Names socket.io's decoder refuses as events (socket.io-parser's RESERVED_EVENTS, which it
 * checks in a private method, so the list is repeated here and the test holds the two alike).
 */
const RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);

/** The packet of a `42…` frame, or null to leave the frame to socket.io's decoder. */
export function decodeMainEvent(frame: string): Packet | null {
  if (frame.charCodeAt(0) !== ENGINE_MESSAGE || frame.charCodeAt(1) !== SOCKET_EVENT) return null;
  let i = 2;
  let code = frame.charCodeAt(i);
  while (code >= DIGIT_0 && code <= DIGIT_9) code = frame.charCodeAt(++i);
  if (code !== OPEN_BRACKET) return null;
  let data: unknown;
  try {
    data = JSON.parse(frame.slice(i));
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const name: unknown = data[0];
  if (typeof name !== 'number' && (typeof name !== 'string' || RESERVED.has(name))) return null;
  if (i === 2) return { type: PacketType.EVENT, nsp: '/', data };
  return { type: PacketType.EVENT, nsp: '/', id: Number(frame.slice(2, i)), data };
}

/**
 * Engine.IO v4 / Socket.IO v5 frames over the websocket transport, framed by the socket.io
 * team's own parsers so that any Socket.IO client works unchanged, except the frames of every
 * message (an event to the main namespace in, events and acks out), which are read and written
 * here to the byte as those parsers do (main-event.ts, jsonPacketFrame). Text frames only: binary
 * attachments are refused (refusing keeps every frame one bounded text).
 */
import { decodePacket, encodePacket, type Packet as EnginePacket } from 'engine.io-parser';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { decodeMainEvent } from './main-event';

export { PacketType };
export type { Packet };

const encoder = new Encoder();

function engineFrame(packet: EnginePacket): string {
  let frame = '';
  encodePacket(packet, false, (encoded) => {
    frame = encoded as string;
  });
  return frame;
}

export const PING = engineFrame({ type: 'ping' });
export const PONG = engineFrame({ type: 'pong' });
/** Engine.IO's no-op: what the runtime answers a pong with (see heartbeat.ts). */
export const NOOP = engineFrame({ type: 'noop' });

export interface OpenSettings {
  pingInterval: number;
  pingTimeout: number;
  maxPayload: number;
}

/** The Engine.IO open packet, first frame of every connection. */
export function openFrame(sid: string, settings: OpenSettings): string {
  const { pingInterval, pingTimeout, maxPayload } = settings;
  const data = JSON.stringify({ sid, upgrades: [], pingInterval, pingTimeout, maxPayload });
  return engineFrame({ type: 'open', data });
}

/** An Engine.IO message packet (engineOnly servers). */
export const messageFrame = (data: string) => engineFrame({ type: 'message', data });

/** One Socket.IO packet as one websocket text frame. */
export function packetFrame(packet: Packet): string {
  const [encoded] = encoder.encode(packet);
  return engineFrame({ type: 'message', data: encoded as string });
}

/**
 * An event or an acknowledgement, the frames of every message: written out as socket.io's
 * encoders write them (`4`, the packet type, the namespace and a comma unless it is '/', the id,
 * the JSON), without their walk of the whole payload looking for binary, which no caller sends
 * (binary is refused both ways: see above). test/worker/socket-io-main-event.test.ts holds the
 * frames to theirs.
 */
const jsonPacketFrame = (type: PacketType, nsp: string, data: unknown[], id?: number) =>
  `4${type}${nsp && nsp !== '/' ? `${nsp},` : ''}${id ?? ''}${JSON.stringify(data)}`;

export const eventFrame = (nsp: string, data: unknown[], id?: number) =>
  jsonPacketFrame(PacketType.EVENT, nsp, data, id);

export const ackFrame = (nsp: string, id: number, data: unknown[]) =>
  jsonPacketFrame(PacketType.ACK, nsp, data, id);

export const connectFrame = (nsp: string, data: Record<string, unknown>) =>
  packetFrame({ type: PacketType.CONNECT, nsp, data });

export const connectErrorFrame = (nsp: string, message: string, data?: unknown) =>
  packetFrame({
    type: PacketType.CONNECT_ERROR,
    nsp,
    data: data === undefined ? { message } : { message, data },
  });

/** The server ends the session: the client closes and does not reconnect. */
export const disconnectFrame = (nsp: string) => packetFrame({ type: PacketType.DISCONNECT, nsp });

export type IncomingFrame =
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'close' }
  | { kind: 'packet'; packet: Packet }
  /** An Engine.IO message, when Socket.IO is not spoken on top (engineOnly). */
  | { kind: 'message'; data: string }
  /** Not a valid Engine.IO / Socket.IO text frame, too large, or binary. */
  | { kind: 'invalid'; reason: string };

/** Decodes one client frame. Never throws: anything malformed comes back as 'invalid'. */
export function decodeFrame(
  frame: string | ArrayBuffer,
  maxPayload: number,
  engineOnly = false,
): IncomingFrame {
  if (typeof frame !== 'string') return { kind: 'invalid', reason: 'binary frame' };
  // UTF-16 units: at most the bytes, so a frame under the limit in units may still be over in
  // bytes by up to 3x; the runtime's own limit (1 MiB) bounds what that can cost.
  if (frame.length > maxPayload) return { kind: 'invalid', reason: 'frame too large' };
  const event = engineOnly ? null : decodeMainEvent(frame);
  if (event) return { kind: 'packet', packet: event };
  const engine = decodePacket(frame);
  if (engineOnly && engine.type === 'message') {
    // A 'b'-prefixed message is base64 binary: refused, as a binary frame is.
    if (typeof engine.data !== 'string') return { kind: 'invalid', reason: 'binary message' };
    return { kind: 'message', data: engine.data };
  }
  switch (engine.type) {
    case 'ping':
      return { kind: 'ping' };
    case 'pong':
      return { kind: 'pong' };
    case 'close':
      return { kind: 'close' };
    case 'message':
      return decodeSocketPacket(engine.data);
    default:
      return { kind: 'invalid', reason: `unexpected engine packet '${engine.type}'` };
  }
}

/**
 * One decoder for every socket: a text packet is decoded and emitted within `add`, and the only
 * state a decoder keeps between calls is a binary packet awaiting its attachments, which
 * `maxAttachments: 0` refuses. So one serves every frame, where a decoder each would cost an
 * allocation per frame.
 */
const decoder = new Decoder({ maxAttachments: 0 });
let decoded: Packet | undefined;
decoder.on('decoded', (packet: Packet) => {
  decoded = packet;
});

function decodeSocketPacket(data: unknown): IncomingFrame {
  if (typeof data !== 'string') return { kind: 'invalid', reason: 'binary packet' };
  decoded = undefined;
  try {
    decoder.add(data);
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : 'malformed packet' };
  }
  const packet = decoded;
  decoded = undefined;
  if (!packet) return { kind: 'invalid', reason: 'binary packet' };
  return { kind: 'packet', packet };
}

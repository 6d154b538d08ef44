/**
 * Engine.IO v4 / Socket.IO v5 over the websocket transport, framed by the socket.io team's own
 * parsers, so the official socket.io-client (and any other Socket.IO client) works unchanged.
 */
import { decodePacket, encodePacket, type Packet as EnginePacket } from 'engine.io-parser';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

export { PacketType };
export type { Packet as SocketPacket };

/** Engine.IO's heartbeat: the server pings; a client that hears nothing for 45 s reconnects. */
export const PING_INTERVAL_MS = 25_000;
export const PING_TIMEOUT_MS = 20_000;
/** The largest frame a client may send; the client is told so in the open packet. */
export const MAX_FRAME_BYTES = 16 * 1024;

export const NAMESPACE = '/';
const encoder = new Encoder();

function engineFrame(packet: EnginePacket): string {
  let frame = '';
  encodePacket(packet, false, (encoded) => {
    frame = encoded as string;
  });
  return frame;
}

/** The Engine.IO open packet, first frame of every connection. */
export function openFrame(sid: string): string {
  return engineFrame({
    type: 'open',
    data: JSON.stringify({
      sid,
      upgrades: [],
      pingInterval: PING_INTERVAL_MS,
      pingTimeout: PING_TIMEOUT_MS,
      maxPayload: MAX_FRAME_BYTES,
    }),
  });
}

export const PING_FRAME = engineFrame({ type: 'ping' });
export const PONG_FRAME = engineFrame({ type: 'pong' });

/** A Socket.IO packet (on the default namespace unless told), as one websocket text frame. */
export function socketFrame(packet: Omit<Packet, 'nsp'>, nsp = NAMESPACE): string {
  const [encoded] = encoder.encode({ ...packet, nsp });
  return engineFrame({ type: 'message', data: encoded as string });
}

export const eventFrame = (event: string, ...args: unknown[]) =>
  socketFrame({ type: PacketType.EVENT, data: [event, ...args] });

export const ackFrame = (id: number, ...args: unknown[]) =>
  socketFrame({ type: PacketType.ACK, id, data: args });

export const connectFrame = (sid: string) =>
  socketFrame({ type: PacketType.CONNECT, data: { sid } });

export const connectErrorFrame = (message: string, nsp = NAMESPACE) =>
  socketFrame({ type: PacketType.CONNECT_ERROR, data: { message } }, nsp);

/** Tells the client the server ended the session: it closes and does not reconnect. */
export const DISCONNECT_FRAME = socketFrame({ type: PacketType.DISCONNECT });

export type IncomingFrame =
  | { kind: 'pong' }
  | { kind: 'ping' }
  | { kind: 'close' }
  | { kind: 'packet'; packet: Packet }
  | { kind: 'invalid'; reason: string };

/** Decodes one client frame. Never throws: anything malformed comes back as 'invalid'. */
export function decodeFrame(frame: string | ArrayBuffer): IncomingFrame {
  if (typeof frame !== 'string')
    return { kind: 'invalid', reason: 'binary frames are not accepted' };
  if (frame.length > MAX_FRAME_BYTES) return { kind: 'invalid', reason: 'frame too large' };
  const engine = decodePacket(frame);
  switch (engine.type) {
    case 'pong':
      return { kind: 'pong' };
    case 'ping':
      return { kind: 'ping' };
    case 'close':
      return { kind: 'close' };
    case 'message':
      return decodeSocketPacket(engine.data);
    default:
      return { kind: 'invalid', reason: `unexpected engine packet '${engine.type}'` };
  }
}

/**
 * One decoder for every socket: a text packet is decoded and emitted within `add`, and the
 * only state a decoder keeps between calls is a binary packet awaiting its attachments, which
 * `maxAttachments: 0` refuses. Creating one per frame showed in the profile.
 */
const decoder = new Decoder({ maxAttachments: 0 });
let decoded: Packet | undefined;
decoder.on('decoded', (packet: Packet) => {
  decoded = packet;
});

function decodeSocketPacket(data: unknown): IncomingFrame {
  if (typeof data !== 'string')
    return { kind: 'invalid', reason: 'binary packets are not accepted' };
  decoded = undefined;
  try {
    decoder.add(data);
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : 'malformed packet' };
  }
  const packet = decoded;
  decoded = undefined;
  if (!packet) return { kind: 'invalid', reason: 'binary packets are not accepted' };
  return { kind: 'packet', packet };
}

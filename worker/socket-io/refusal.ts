import type { Refusal } from './hooks';
import { connectErrorFrame, openFrame, type OpenSettings } from './parser';

/**
 * Accepts a websocket only to say no the Socket.IO way: the open packet, then a CONNECT_ERROR
 * once the client asks to connect. The client reports the message as connect_error and, unlike
 * after a refused HTTP upgrade, does not keep retrying.
 */

/** How long a refused socket may wait before asking to connect. */
export const REFUSAL_WAIT_MS = 10_000;
/** The tag of refused sockets a Durable Object holds (acceptRefusal). */
export const REFUSED_TAG = 'sio:refused';

interface RefusalAttachment {
  refusal: string;
  data?: Record<string, unknown>;
  closeBy: number;
}

/**
 * For a stateless worker: the socket lives in the request's own event, which a timer may keep
 * for the few seconds it lasts (it keeps no object awake).
 */
export function refuseSocket(refusal: Refusal, settings: OpenSettings): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.send(openFrame(crypto.randomUUID(), settings));
  server.addEventListener('message', (event) => answerRefused(server, refusal, event.data));
  setTimeout(() => closeRefused(server, refusal.message), REFUSAL_WAIT_MS);
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * For a Durable Object: the refused socket is hibernatable (tagged REFUSED_TAG), answered by
 * answerRefused from webSocketMessage, and closed by closeExpiredRefusals from the alarm, so
 * no timer keeps the object awake. Answers the time by which the alarm must ring.
 */
export function acceptRefusal(
  ctx: DurableObjectState,
  server: WebSocket,
  { message, data }: Refusal,
  settings: OpenSettings,
  now = Date.now(),
): number {
  ctx.acceptWebSocket(server, [REFUSED_TAG]);
  const attachment: RefusalAttachment = {
    refusal: message,
    ...(data ? { data } : {}),
    closeBy: now + REFUSAL_WAIT_MS,
  };
  server.serializeAttachment(attachment);
  server.send(openFrame(crypto.randomUUID(), settings));
  return attachment.closeBy;
}

/** The refusal a hibernatable socket carries, if it is one. */
export function refusalOf(ws: WebSocket): Refusal | null {
  const attachment = ws.deserializeAttachment() as Partial<RefusalAttachment> | null;
  if (typeof attachment?.refusal !== 'string') return null;
  return { message: attachment.refusal, data: attachment.data };
}

/** A frame from a refused socket: a CONNECT gets the refusal, and the socket closes. */
export function answerRefused(ws: WebSocket, { message, data }: Refusal, frame: unknown) {
  if (typeof frame !== 'string' || !frame.startsWith('40')) return;
  // The refusal answers whichever namespace was asked for.
  // Split once: a refused socket's frame is not bounded, and one may be a megabyte.
  const nsp = frame.startsWith('40/') ? frame.slice(2).split(',', 1)[0]! : '/';
  try {
    ws.send(connectErrorFrame(nsp, message, data));
  } catch {
    // already closing
  }
  closeRefused(ws, message);
}

/** Closes the refused sockets past their wait; answers when the next one is due (or null). */
export function closeExpiredRefusals(ctx: DurableObjectState, now = Date.now()): number | null {
  let next: number | null = null;
  for (const ws of ctx.getWebSockets(REFUSED_TAG)) {
    const attachment = ws.deserializeAttachment() as RefusalAttachment | null;
    if (!attachment || attachment.closeBy <= now) closeRefused(ws, attachment?.refusal ?? '');
    else if (next === null || attachment.closeBy < next) next = attachment.closeBy;
  }
  return next;
}

function closeRefused(ws: WebSocket, message: string) {
  try {
    ws.close(1008, message.slice(0, 100));
  } catch {
    // already closed
  }
}

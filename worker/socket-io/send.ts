/**
 * Sending frames. A socket that is closing throws on send; it is on its way out anyway, and its
 * close event ends it here, so a failed send is not an error of the sender's.
 */
export function send(ws: WebSocket, frame: string) {
  try {
    ws.send(frame);
  } catch {
    // ignored on purpose: see above
  }
}

/** One frame, encoded once, to each of `sockets` but those in `except`. */
export function sendEach(
  sockets: Iterable<WebSocket>,
  frame: string,
  except?: ReadonlySet<WebSocket>,
) {
  for (const ws of sockets) if (!except?.has(ws)) send(ws, frame);
}

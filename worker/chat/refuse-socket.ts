import { connectErrorFrame, openFrame } from './socket-protocol';

/**
 * Accepts the websocket only to say no the Socket.IO way: the open packet, then a CONNECT_ERROR
 * once the client asks to connect. The client reports the message as connect_error and, unlike
 * after a refused HTTP upgrade, does not keep retrying.
 */
export function refuseSocket(message: string): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.send(openFrame(crypto.randomUUID()));
  const close = () => {
    try {
      server.close(1008, message.slice(0, 100));
    } catch {
      // already closed
    }
  };
  server.addEventListener('message', (event) => {
    if (typeof event.data === 'string' && event.data.startsWith('40')) {
      server.send(connectErrorFrame(message));
      close();
    }
  });
  setTimeout(close, 10_000);
  return new Response(null, { status: 101, webSocket: client });
}

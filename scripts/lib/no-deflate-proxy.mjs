/**
 * A TCP pass-through in front of the local workerd that removes the client's permessage-deflate
 * offer from WebSocket upgrades. workerd's outermost worker here is Miniflare's entry worker,
 * which accepts whatever compression a client offers, and then deflates every frame for every
 * socket on the room's only thread: in one bench run a client offering it (the `ws` package's
 * default, and every browser's) took a busy room from 40,000 deliveries a second to 11,000. In
 * production the worker's `no_web_socket_compression` flag does this; chat frames are a few
 * hundred bytes and gain little from compression. Everything else passes byte for byte.
 */
import net from 'node:net';

const MAX_HEAD_BYTES = 64 * 1024;
const HEAD_END = '\r\n\r\n';

export function startNoDeflateProxy({ host, port, targetPort }) {
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.setNoDelay(true);
    upstream.setNoDelay(true);

    // Only the first request head of a connection is read: clients open a fresh connection to
    // upgrade, and whatever follows is piped untouched.
    let head = Buffer.alloc(0);
    const readHead = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const headEnd = head.indexOf(HEAD_END);
      if (headEnd === -1 && head.length < MAX_HEAD_BYTES) return;
      client.pause();
      client.off('data', readHead);
      upstream.write(headEnd === -1 ? head : withoutDeflateOffer(head, headEnd));
      client.pipe(upstream);
      upstream.pipe(client);
    };
    client.on('data', readHead);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function withoutDeflateOffer(head, headEnd) {
  const lines = head.subarray(0, headEnd).toString('latin1').split('\r\n');
  const isUpgrade = lines.some((line) => /^upgrade:\s*websocket\s*$/i.test(line));
  if (!isUpgrade) return head;
  const kept = lines.filter((line) => !/^sec-websocket-extensions:/i.test(line));
  return Buffer.concat([Buffer.from(kept.join('\r\n'), 'latin1'), head.subarray(headEnd)]);
}

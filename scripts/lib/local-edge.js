/**
 * The local stand-in for Cloudflare's edge: a Worker module that Miniflare runs on the app's
 * port in front of the app (its assets router, then the worker). It runs with the app worker's
 * own compatibility date and flags (serve-local.mjs copies them from wrangler.toml), so the
 * runtime negotiates WebSocket compression as it does for the deployed worker: with
 * `no_web_socket_compression` a client's permessage-deflate offer is refused. Miniflare's own
 * entry worker accepts it, and deflating every frame for every socket collapsed a busy room.
 *
 * What the edge does besides, and Miniflare's entry worker did before: text responses are
 * compressed for clients that accept gzip or brotli, and a request without CF-Connecting-IP
 * gets the local address.
 */
const COMPRESSIBLE = new Set([
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'image/svg+xml',
  'text/css',
  'text/html',
  'text/javascript',
  'text/plain',
  'text/xml',
]);

export default {
  async fetch(request, env) {
    const accepted = acceptedEncoding(request.headers.get('Accept-Encoding'));
    if (!request.headers.has('CF-Connecting-IP')) {
      request = new Request(request);
      request.headers.set('CF-Connecting-IP', '127.0.0.1');
    }
    const response = await (workerFirst(request) ? env.WORKER : env.APP).fetch(request);
    if (response.webSocket || !response.body || !accepted) return response;
    if (response.headers.has('Content-Encoding')) return response;
    const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
    if (!COMPRESSIBLE.has(type)) return response;
    // The runtime compresses a body whose Content-Encoding it is told, as it sends it.
    const compressed = new Response(response.body, response);
    compressed.headers.set('Content-Encoding', accepted);
    compressed.headers.append('Vary', 'Accept-Encoding');
    return compressed;
  },
};

/**
 * The paths wrangler.toml's `run_worker_first` gives the worker before any asset lookup (keep
 * the two in step): on Cloudflare they reach the worker directly, so here they skip the assets
 * router too.
 */
const WORKER_FIRST = ['/api/', '/socket.io/'];

function workerFirst(request) {
  const { pathname } = new URL(request.url);
  return WORKER_FIRST.some((prefix) => pathname.startsWith(prefix));
}

/** 'br' or 'gzip' when the client accepts it (brotli first, as the edge prefers), else null. */
function acceptedEncoding(header) {
  const codings = new Set();
  for (const element of (header ?? '').split(',')) {
    const [coding, ...params] = element.split(';').map((part) => part.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    if (coding && !refused) codings.add(coding);
  }
  if (codings.has('br')) return 'br';
  if (codings.has('gzip')) return 'gzip';
  return null;
}

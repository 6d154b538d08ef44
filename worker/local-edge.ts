/**
 * `npm start`'s stand-in for Cloudflare's edge, as an entrypoint of the app's own worker: the
 * app's port is a socket of workerd opened on it (scripts/lib/serve-local.mjs). Nothing binds
 * to it or opens it in production, where Cloudflare's edge does all of this.
 *
 * It is part of the worker rather than a worker of its own because a WebSocket handed across
 * a worker boundary is relayed frame by frame: as a separate worker in front of the app it
 * would add a hop to every frame of every socket (docs/local-runtime.md).
 *
 * What it does, as the edge would:
 * - /api and /socket.io (wrangler.toml's `run_worker_first`) go to the worker's fetch directly;
 *   every other path goes to the assets router, through LOCAL_ASSETS, a binding serve-local.mjs
 *   gives the worker to itself.
 * - A request without CF-Connecting-IP gets the local address.
 * - Text responses are compressed for clients that accept brotli or gzip (a part of one, 206,
 *   is not).
 * - WebSocket compression is what the app's compatibility flags say, since the socket is the
 *   app worker's own: `no_web_socket_compression` refuses a client's permessage-deflate offer.
 */
import { WorkerEntrypoint } from 'cloudflare:workers';
import { workerFetch } from './worker-fetch';

/** The paths the worker answers before any asset lookup (keep in step with wrangler.toml). */
const WORKER_FIRST = ['/api/', '/socket.io/'];

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

interface LocalEdgeEnv extends Env {
  /** The app's assets router (the worker bound to itself); only `npm start` gives it. */
  LOCAL_ASSETS?: Fetcher;
}

export class LocalEdge extends WorkerEntrypoint<LocalEdgeEnv> {
  override async fetch(request: Request): Promise<Response> {
    // Only `npm start` opens this entrypoint, and it always gives the binding. Without it this
    // is not that (a service binding of another worker on the account, say), so nothing is
    // served: not even /api, which would take its callers for the local address.
    if (!this.env.LOCAL_ASSETS) {
      return new Response('LocalEdge serves npm start only: no LOCAL_ASSETS binding', {
        status: 500,
      });
    }
    if (!request.headers.has('CF-Connecting-IP')) {
      request = new Request(request);
      request.headers.set('CF-Connecting-IP', '127.0.0.1');
    }
    const response = isWorkerFirst(request.url)
      ? await workerFetch(request, this.env, this.ctx)
      : await this.env.LOCAL_ASSETS.fetch(request);
    return withCompression(request, response);
  }
}

export function isWorkerFirst(url: string): boolean {
  const { pathname } = new URL(url);
  return WORKER_FIRST.some((prefix) => pathname.startsWith(prefix));
}

/** The response, compressed as it is sent when it is text and the client accepts it. */
export function withCompression(request: Request, response: Response): Response {
  // A part of a file (206) goes as it is: its Content-Range counts the file's own bytes, and
  // the edge compresses no part either.
  if (
    response.webSocket ||
    !response.body ||
    response.status === 206 ||
    response.headers.has('Content-Encoding')
  ) {
    return response;
  }
  const accepted = acceptedEncoding(request.headers.get('Accept-Encoding'));
  if (!accepted) return response;
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!COMPRESSIBLE.has(type)) return response;
  // The runtime compresses a body whose Content-Encoding it is told, as it sends it.
  const compressed = new Response(response.body, response);
  compressed.headers.set('Content-Encoding', accepted);
  compressed.headers.append('Vary', 'Accept-Encoding');
  return compressed;
}

/** 'br' or 'gzip' when the client accepts it (brotli first, as the edge prefers), else null. */
export function acceptedEncoding(header: string | null): 'br' | 'gzip' | null {
  const codings = new Set<string>();
  for (const element of (header ?? '').split(',')) {
    const [coding, ...params] = element.split(';').map((part) => part.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    if (coding && !refused) codings.add(coding);
  }
  if (codings.has('br')) return 'br';
  if (codings.has('gzip')) return 'gzip';
  return null;
}

/**
 * A push service of the tests' own (docs/push.md), on a random port of this machine: it takes
 * what the app's push consumer POSTs to an endpoint and keeps it, headers and encrypted body,
 * for the test to read back and check (the worker tests reach it through vitest's provide, the
 * hidden suite's kind of check). Endpoints are `<url>/push/<name>`; the name's start says how
 * it answers: `gone-` 410, `missing-` 404, `busy-` 503, anything else 201.
 *
 * - `POST /push/<name>` → recorded; answered as above.
 * - `GET /received/<name>` → `[{ headers, body }]` (body base64), oldest first.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  headers: Record<string, string>;
  /** The request body, base64. */
  body: string;
}

const STATUS_BY_PREFIX: [string, number][] = [
  ['gone-', 410],
  ['missing-', 404],
  ['busy-', 503],
];

export async function startPushService(): Promise<{ url: string; server: Server }> {
  const received = new Map<string, ReceivedPush[]>();
  const server = createServer((request, response) => {
    const [, kind, name = ''] = (request.url ?? '').split('/');
    if (request.method === 'GET' && kind === 'received') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(received.get(name) ?? []));
      return;
    }
    if (request.method !== 'POST' || kind !== 'push' || !name) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[key] = value;
      }
      const list = received.get(name) ?? [];
      list.push({ headers, body: Buffer.concat(chunks).toString('base64') });
      received.set(name, list);
      const status = STATUS_BY_PREFIX.find(([prefix]) => name.startsWith(prefix))?.[1] ?? 201;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

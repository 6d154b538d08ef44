/**
 * `npm start`'s stand-in for Cloudflare's edge (worker/local-edge.ts): the worker's paths go to
 * the worker itself, everything else to the assets router; text is compressed for clients
 * that accept it; a request without CF-Connecting-IP gets the local address.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, LocalEdge } from '../../worker/local-edge';

/** A stand-in assets router that records what it was asked and answers with `body`. */
function fakeAssets(contentType: string, body = '<!doctype html><p>hello</p>') {
  const asked: Request[] = [];
  const fetcher = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(new Request(input, init));
      return new Response(body, { headers: { 'Content-Type': contentType } });
    },
  } as unknown as Fetcher;
  return { asked, fetcher };
}

function edgeWith(assets: Fetcher) {
  return new LocalEdge(createExecutionContext(), { ...env, LOCAL_ASSETS: assets });
}

describe('the local edge', () => {
  it('hands /api to the worker itself, never to the assets router, and marks its JSON compressed', async () => {
    const assets = fakeAssets('text/html');
    const response = await edgeWith(assets.fetcher).fetch(
      new Request('http://localhost:8787/api/auth/login/current', {
        headers: { 'Accept-Encoding': 'gzip, br' },
      }),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(assets.asked).toHaveLength(0);
  });

  it('hands /socket.io to the worker too', async () => {
    const assets = fakeAssets('text/html');
    // Not an upgrade, so the worker's socket route answers it with its own plain error.
    const response = await edgeWith(assets.fetcher).fetch(
      new Request('http://localhost:8787/socket.io/?EIO=4&transport=polling&room=x'),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Only the websocket transport is supported' });
    expect(assets.asked).toHaveLength(0);
  });

  it('serves nothing, not even /api, when nothing gave it the assets router', async () => {
    const edge = new LocalEdge(createExecutionContext(), env);
    for (const path of ['/rooms/abc', '/api/auth/login/current', '/socket.io/?EIO=4']) {
      const response = await edge.fetch(new Request(`http://localhost:8787${path}`));
      expect(response.status).toBe(500);
      expect(await response.text()).toMatch(/LOCAL_ASSETS/);
    }
  });

  it('hands every other path to the assets router, with the local address', async () => {
    const assets = fakeAssets('text/html; charset=utf-8');
    const response = await edgeWith(assets.fetcher).fetch(
      new Request('http://localhost:8787/rooms/abc', { headers: { 'Accept-Encoding': 'gzip' } }),
    );
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(await response.text()).toBe('<!doctype html><p>hello</p>');
    expect(assets.asked.map((request) => new URL(request.url).pathname)).toEqual(['/rooms/abc']);
    expect(assets.asked[0]!.headers.get('CF-Connecting-IP')).toBe('127.0.0.1');
  });

  it('gives /api the local address when the request names none', async () => {
    const assets = fakeAssets('text/html');
    const now = Date.now();
    // The local address blocked: only a request taken for it is refused.
    await env.DB.prepare(
      `INSERT INTO ip_reputation (ip, threat_score, scored_at, violation_count, last_seen, blocked_until)
       VALUES ('127.0.0.1', 100, ?, 1, ?, ?)`,
    )
      .bind(now, now, now + 3_600_000)
      .run();
    try {
      const edge = edgeWith(assets.fetcher);
      const url = 'http://localhost:8787/api/auth/login/current';
      expect((await edge.fetch(new Request(url))).status).toBe(429);
      const named = new Request(url, { headers: { 'CF-Connecting-IP': '203.0.113.9' } });
      expect((await edge.fetch(named)).status).toBe(401);
    } finally {
      await env.DB.prepare("DELETE FROM ip_reputation WHERE ip = '127.0.0.1'").run();
    }
  });

  it('keeps the address a request already names', async () => {
    const assets = fakeAssets('text/html');
    await edgeWith(assets.fetcher).fetch(
      new Request('http://localhost:8787/', { headers: { 'CF-Connecting-IP': '203.0.113.9' } }),
    );
    expect(assets.asked[0]!.headers.get('CF-Connecting-IP')).toBe('203.0.113.9');
  });

  it('leaves a body that is already encoded as it is', async () => {
    const encoded = {
      fetch: async () =>
        new Response('already', {
          headers: { 'Content-Type': 'text/plain', 'Content-Encoding': 'identity' },
        }),
    } as unknown as Fetcher;
    const response = await edgeWith(encoded).fetch(
      new Request('http://localhost:8787/robots.txt', { headers: { 'Accept-Encoding': 'br' } }),
    );
    expect(response.headers.get('Content-Encoding')).toBe('identity');
    expect(response.headers.get('Vary')).toBeNull();
  });

  it('leaves images, and clients that accept no compression, as they are', async () => {
    const image = fakeAssets('image/png', 'png-bytes');
    const png = await edgeWith(image.fetcher).fetch(
      new Request('http://localhost:8787/icon.png', { headers: { 'Accept-Encoding': 'gzip' } }),
    );
    expect(png.headers.get('Content-Encoding')).toBeNull();

    const page = fakeAssets('text/html');
    const plain = await edgeWith(page.fetcher).fetch(
      new Request('http://localhost:8787/', { headers: { 'Accept-Encoding': 'gzip;q=0' } }),
    );
    expect(plain.headers.get('Content-Encoding')).toBeNull();
  });
});

describe('a part of a file (206)', () => {
  it('is sent as it is: its Content-Range counts the bytes of the file, not of a compression', async () => {
    const part = {
      fetch: async () =>
        new Response('lo wor', {
          status: 206,
          headers: { 'Content-Type': 'text/plain', 'Content-Range': 'bytes 3-8/11' },
        }),
    } as unknown as Fetcher;
    const response = await edgeWith(part).fetch(
      new Request('http://localhost:8787/notes.txt', {
        headers: { 'Accept-Encoding': 'gzip', Range: 'bytes=3-8' },
      }),
    );
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.text()).toBe('lo wor');
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, honours q=0 and ignores what it cannot send', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('GZIP;Q=0.0')).toBeNull();
    expect(acceptedEncoding('deflate, identity')).toBeNull();
    expect(acceptedEncoding(null)).toBeNull();
  });
});

/** Calls the worker the way a browser on the app's own origin would, keeping one cookie jar. */
import { SELF } from 'cloudflare:test';

export const ORIGIN = 'http://localhost';

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text instead of JSON.stringify(body). */
  rawBody?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

let clients = 0;

export class Client {
  cookie = '';
  /**
   * Each client comes from its own network (documentation range), as separate people do: the
   * worker keys IPv6 callers by /64, so the counter sits in the first 64 bits.
   */
  ip = `2001:db8:${(++clients).toString(16)}::1`;

  async call<T = any>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
    const hasBody = options.body !== undefined || options.rawBody !== undefined;
    const method = options.method ?? (hasBody ? 'POST' : 'GET');
    const headers: Record<string, string> = { 'CF-Connecting-IP': this.ip, ...options.headers };
    if (options.origin !== null) headers.Origin = options.origin ?? ORIGIN;
    if (this.cookie) headers.Cookie = this.cookie;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await SELF.fetch(`${ORIGIN}/api${path}`, { method, headers, body });
    this.keepCookie(response.headers.get('Set-Cookie'));
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : {},
      headers: response.headers,
    };
  }

  private keepCookie(setCookie: string | null) {
    // Anchored, so the readable `has_session` companion is never taken for the session.
    const match = setCookie?.match(/(?:^|,\s*)session=([^;]*)/);
    if (!match) return;
    this.cookie = match[1] ? `session=${match[1]}` : '';
  }
}

let counter = 0;
/** A fresh, valid account each call, so tests never collide. */
export function newAccount() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { email: `user${tag}@example.com`, password: 'secret-pass', nickname: `nick${counter}` };
}

/** A client signed in as a new account. */
export async function signedInClient() {
  const account = newAccount();
  const client = new Client();
  await client.call('/auth/register', { body: account });
  const login = await client.call('/auth/login', {
    body: { email: account.email, password: account.password },
  });
  return { client, account, user: login.body.user };
}

/** Node-side calls to the running app, each client from its own (documentation-range) address. */
import { BROWSER_TEST_PORT } from '../../playwright.config';

export const BASE_URL = `http://localhost:${BROWSER_TEST_PORT}`;
let clients = 0;

/** The worker keys IPv6 callers by /64, so process and counter both sit in the first 64 bits. */
export function uniqueIp() {
  clients += 1;
  return `2001:db8:${(process.pid % 0x10000).toString(16)}:${clients.toString(16)}::1`;
}

export class AppClient {
  cookie = '';
  readonly ip = uniqueIp();

  async call(path: string, init: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${BASE_URL}/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': this.ip,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie?.startsWith('session=')) this.cookie = setCookie.split(';')[0]!;
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }
}

/** Registers and signs in a new account; answers the client and the account. */
export async function newSignedInClient(nickname = `user${Date.now() % 100000}`) {
  const client = new AppClient();
  const account = {
    email: `${nickname.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'secret-pass',
    nickname,
  };
  const registered = await client.call('/auth/register', { body: account });
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  await client.call('/auth/login', { body: { email: account.email, password: account.password } });
  return { client, account };
}

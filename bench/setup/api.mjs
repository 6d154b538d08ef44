/**
 * The few /api calls the benchmark needs, each as one simulated person: its own
 * CF-Connecting-IP (the rate limits are per address) and its own session cookie.
 */
import { sleep } from '../lib/async.mjs';

const REQUEST_TIMEOUT_MS = 60_000;
/** Under `WRANGLER_DEV=1` the server reloads when its sources change and answers 503 meanwhile. */
const RESTART_RETRIES = 3;

export class ApiClient {
  constructor(origin, ip) {
    this.origin = origin;
    this.ip = ip;
    this.cookie = '';
  }

  /** One request; answers { status, body, ms } and throws on anything but `expected`. */
  async call(method, path, body, expected = [200]) {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.request(method, path, body);
      if (answer.status === 503 && attempt < RESTART_RETRIES) {
        console.log(`  ${method} ${path}: 503 (${answer.text.slice(0, 80)}), retrying`);
        await sleep(1000);
        continue;
      }
      if (!expected.includes(answer.status)) {
        throw new Error(
          `${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`,
        );
      }
      return {
        status: answer.status,
        body: answer.text ? JSON.parse(answer.text) : null,
        ms: answer.ms,
      };
    }
  }

  async request(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { 'CF-Connecting-IP': this.ip };
    if (this.cookie) headers.Cookie = this.cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(this.origin + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
    if (session) this.cookie = /** @type {string} */ (session.split(';')[0]);
    return { status: response.status, text, ms };
  }

  /** 409 only after a retried 503: the emails of a run are unique, so the first try counted. */
  register(email, password, nickname) {
    return this.call('POST', '/api/auth/register', { email, password, nickname }, [201, 409]);
  }

  login(email, password) {
    return this.call('POST', '/api/auth/login', { email, password });
  }

  createRoom(roomName) {
    return this.call('POST', '/api/join', { roomName });
  }

  joinRoom(roomId) {
    return this.call('POST', '/api/join', { roomId });
  }

  listRooms() {
    return this.call('GET', '/api/rooms');
  }
}

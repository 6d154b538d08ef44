/**
 * The few /api calls the benchmark needs, each as one simulated person: its own
 * CF-Connecting-IP (the rate limits are per address) and its own session cookie.
 */
const REQUEST_TIMEOUT_MS = 60_000;

export class ApiClient {
  constructor(origin, ip) {
    this.origin = origin;
    this.ip = ip;
    this.cookie = '';
  }

  /** One request; answers { status, body, ms } and throws on anything but `expected`. */
  async call(method, path, body, expected = [200]) {
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
    if (!expected.includes(response.status)) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
    if (session) this.cookie = session.split(';')[0];
    return { status: response.status, body: text ? JSON.parse(text) : null, ms };
  }

  register(email, password, nickname) {
    return this.call('POST', '/api/auth/register', { email, password, nickname }, [201]);
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

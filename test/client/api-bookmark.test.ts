/** The API client carries the D1 bookmark: it sends back the newest one it was answered. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const HEADER = 'x-d1-bookmark';
const older = '00000000-00000010-00000000-00000000000000000000000000000000';
const newer = '00000000-00000020-00000000-00000000000000000000000000000000';

type Api = typeof import('../../client/lib/api-client');

/** A fake API answering each call with `bookmark` (when given); records what was sent. */
function fakeFetch(answers: (string | null)[]) {
  const sent: (string | null)[] = [];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Headers(init?.headers).get(HEADER));
    const bookmark = answers.shift() ?? null;
    return new Response('{}', {
      status: 200,
      headers: bookmark ? { [HEADER]: bookmark } : {},
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

/** A fresh copy of the client, as after a page load (its memory is per module). */
async function loadClient(): Promise<Api> {
  vi.resetModules();
  return import('../../client/lib/api-client');
}

describe('api client and D1 bookmarks', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.sessionStorage.clear());

  it('sends no bookmark before it has one, then the one it was answered', async () => {
    const sent = fakeFetch([older, null, null]);
    const { api } = await loadClient();
    await api.post('/join', { roomName: 'Friends' });
    await api.get('/rooms');
    await api.delete('/rooms/r1/members', { userId: 'u2' });
    expect(sent).toEqual([null, older, older]);
  });

  it('keeps the newest bookmark when answers arrive out of order', async () => {
    const sent = fakeFetch([newer, older, 'not-a-bookmark', null]);
    const { api } = await loadClient();
    await api.get('/rooms');
    await api.get('/rooms');
    await api.get('/rooms');
    await api.get('/rooms');
    expect(sent).toEqual([null, newer, newer, newer]);
  });

  it('remembers the bookmark of a refused call too', async () => {
    const sent: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Headers(init?.headers).get(HEADER));
        return new Response('{"error":"Room not found"}', {
          status: 404,
          headers: { [HEADER]: newer },
        });
      }),
    );
    const { api, ApiError } = await loadClient();
    await expect(api.get('/rooms/x/members')).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/rooms/x/members')).rejects.toBeInstanceOf(ApiError);
    expect(sent).toEqual([null, newer]);
  });

  it('still sends it after a reload, from sessionStorage', async () => {
    fakeFetch([newer]);
    await (await loadClient()).api.get('/rooms');
    const sent = fakeFetch([null]);
    await (await loadClient()).api.get('/rooms');
    expect(sent).toEqual([newer]);
  });

  it('works, from memory, when storage is refused', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const sent = fakeFetch([older, null]);
    const { api } = await loadClient();
    await api.get('/rooms');
    await api.get('/rooms');
    expect(sent).toEqual([null, older]);
  });
});

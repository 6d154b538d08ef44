/**
 * client/service-worker/sw.js run against stand-ins for the worker's globals (its cache
 * storage, clients and the network), two builds one after the other, as a deploy brings them:
 * a page of the old build that stays open keeps the scripts it was built with.
 */
import { describe, expect, it } from 'vitest';
// The template as scripts/service-worker.ts reads it, before the build fills in its shell.
import TEMPLATE from '../../client/service-worker/sw.js?raw';

const ORIGIN = 'https://chat.example.com';

/** The browser's CacheStorage, keyed by path (creation order kept, as browsers do). */
class FakeCaches {
  stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map()));
    const path = (request: Request | string) =>
      new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
    return {
      put: async (request: Request | string, response: Response) => {
        store.set(path(request), response);
      },
      match: async (request: Request | string) => store.get(path(request))?.clone(),
      addAll: async (paths: string[]) => {
        for (const item of paths) store.set(item, await network(new Request(ORIGIN + item)));
      },
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: Request | string, options?: { cacheName?: string }) {
    const names = options?.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const name of names) {
      const found = await (await this.open(name)).match(request);
      if (found) return found;
    }
    return undefined;
  }
}

/** What the deployed site serves now: the files of the build deployed last. */
let deployed: Map<string, string>;
async function network(request: Request | string): Promise<Response> {
  const path = new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
  const body = deployed.get(path);
  if (body === undefined) return new Response('Not found', { status: 404 });
  const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
  return new Response(body, { headers: { 'Content-Type': type } });
}

function build(name: string) {
  const entry = `/assets/index-${name}.js`;
  const chat = `/assets/chat-${name}.js`;
  return {
    entry,
    chat,
    files: new Map([
      ['/', `<meta name="app-entry" content="${entry}">`],
      [entry, `entry ${name}`],
      [chat, `chat ${name}`],
    ]),
    shell: { version: `version-${name}`, entry, files: [entry, chat] },
  };
}

type Listener = (event: Record<string, unknown>) => void;

/** Loads one build's worker into `caches`; its handlers, by event type. */
function loadWorker(shell: object, caches: FakeCaches) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => {}, matchAll: async () => [] },
  };
  const source = TEMPLATE.replace(
    'const SHELL = __SHELL__;',
    `const SHELL = ${JSON.stringify(shell)};`,
  );
  // A worker's Request resolves a path against its own origin.
  const WorkerRequest = class extends Request {
    constructor(input: string, init?: RequestInit) {
      super(new URL(input, ORIGIN), init);
    }
  };
  new Function('self', 'caches', 'fetch', 'Request', source)(self, caches, network, WorkerRequest);

  const waitFor = async (type: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  return {
    install: () => waitFor('install', {}),
    activate: () => waitFor('activate', {}),
    /** The worker's answer to a page's request, or the network's when it lets it through. */
    async get(path: string) {
      const request = new Request(ORIGIN + path);
      let answer: Promise<Response> | undefined;
      listeners.get('fetch')!({
        request,
        respondWith: (response: Promise<Response>) => (answer = response),
      });
      return answer ?? network(request);
    },
  };
}

/** A build deployed: its files alone on the site, its worker installed and active. */
async function deploy(name: string, caches: FakeCaches) {
  const built = build(name);
  deployed = built.files;
  const worker = loadWorker(built.shell, caches);
  await worker.install();
  await worker.activate();
  return { built, worker };
}

describe('a deploy while a page of the old build is open', () => {
  it("keeps serving the old build's chunks to that page once the new worker takes over", async () => {
    const caches = new FakeCaches();
    const { built: old } = await deploy('old', caches);

    // The deploy: the old build's files are gone from the site; the next navigation (another
    // tab, a push) installs the new worker, which takes over every open page at once.
    const { built: next, worker: newWorker } = await deploy('new', caches);

    // The open page of the old build opens a room: its lazy chunk is the old build's.
    const chunk = await newWorker.get(old.chat);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('chat old');
    // The new build's own files come from its cache.
    expect(await (await newWorker.get(next.chat)).text()).toBe('chat new');
  });

  it('keeps no more than the build before the current one', async () => {
    const caches = new FakeCaches();
    for (const name of ['a', 'b', 'c', 'd']) await deploy(name, caches);
    expect(await caches.keys()).toEqual([
      'chat-rooms-shell-version-c',
      'chat-rooms-shell-version-d',
    ]);
  });

  it("leaves no cache behind from an install that failed, which would push out the open pages' build", async () => {
    const caches = new FakeCaches();
    await deploy('old', caches);

    // A worker of build 'mid' meets a page of another build (a deploy in between): it fails.
    const mid = build('mid');
    deployed = new Map([...mid.files, ['/', 'a page of another build']]);
    await expect(loadWorker(mid.shell, caches).install()).rejects.toThrow();
    expect(await caches.keys()).toEqual(['chat-rooms-shell-version-old']);
  });
});

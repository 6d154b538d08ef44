// Every file has the IndexedDB a browser has; it outlives the file, so each test empties it.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Files share a worker's jsdom and node_modules (isolate: false), but each starts from fresh
// copies of the app's own modules, as a page load does: their module-level state (lazy routes,
// the outbox's database, read marks) stays the file's, and what a file replaces with vi.mock
// reaches every module that imports it, even one an earlier file loaded with the real thing.
vi.resetModules();

// Routes are lazy: the first visit to one transforms and loads its module graph. Four cold runs
// side by side on the two cores took 4.5 to 7.7 s to the chat route's first screen, and one in
// four failed at the 5 s this was; 10 s, as the lazy-chunk tests give a cold module.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine calls; these stand-ins describe a wide screen.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

/** Every IndexedDB database goes; an open one closes on the delete's versionchange. */
async function deleteDatabases() {
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise((resolve) => {
          const request = indexedDB.deleteDatabase(name!);
          request.onsuccess = request.onerror = resolve;
        }),
    ),
  );
}

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  // The browser is online again for the next test, and TanStack Query hears it: its online
  // manager lives in node_modules, which the files of a worker share, and one left offline
  // by an 'offline' event pauses every later file's queries.
  window.dispatchEvent(new Event('online'));
  // After the stubs and fake timers go: IndexedDB answers on real timers.
  await deleteDatabases();
});

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// Types alone: contract/files' schemas would bring zod into the landing page (session sign-out
// clears this storage).
import type { UploadedFile } from '../../contract/files';

/**
 * The chat outbox kept in IndexedDB, so texts typed but not yet acknowledged outlive a reload
 * or a closed tab. One record per text, keyed [accountId, roomId, clientId]: an account reads
 * only its own key space, and a room only its own part of it. Nothing here throws or waits for
 * ever: without IndexedDB (private windows, disabled storage) or when it fails, loads find
 * nothing and writes are dropped, and the outbox works in memory as before.
 */
export interface StoredEntry {
  clientId: string;
  text: string;
  /** The id of the message it answers. */
  replyTo?: number;
  /**
   * The files it carries, as their upload described them (never their bytes): the ids go with
   * the send, the rest shows them in the box again when the room refuses it.
   */
  files?: UploadedFile[];
  /** When it was typed (ms); the order to send in, and its age. */
  createdAt: number;
}

/** The stored outbox of one account in one room. */
export interface OutboxStorage {
  /** What waits, oldest first; entries past STORED_FOR_MS are dropped. */
  load: () => Promise<StoredEntry[]>;
  save: (entry: StoredEntry) => void;
  remove: (clientId: string) => void;
}

/** An entry older than this is not sent any more: what it answered has moved on. */
export const STORED_FOR_MS = 24 * 60 * 60 * 1000;
/**
 * The most entries one room gives back at a time (the oldest first), and the most an outbox
 * holds (outbox.ts). Those past it stay stored, for a later load.
 */
export const STORED_MAX = 100;
/** A database that does not open or answer in this long is treated as missing. */
const WAIT_MS = 3000;
const DB_NAME = 'chat-outbox';
const STORE = 'entries';

let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), WAIT_MS);
    const done = (db: IDBDatabase | null) => {
      clearTimeout(timer);
      resolve(db);
    };
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // A newer version in another tab: step aside, the next call opens again.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        done(db);
      };
      request.onerror = () => done(null);
    } catch {
      // No indexedDB at all, or it refuses to open (some private modes).
      done(null);
    }
  });
  return opening;
}

/** Runs `work` in one transaction; what its last request answered, or undefined on failure. */
async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await database();
  if (!db) return undefined;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), WAIT_MS);
    const done = (value: T | undefined) => {
      clearTimeout(timer);
      resolve(value);
    };
    try {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => done(request.result);
      transaction.onerror = () => done(undefined);
      transaction.onabort = () => done(undefined);
    } catch {
      done(undefined);
    }
  });
}

/** Every key that starts with `prefix` (arrays sort after strings, so `[...prefix, []]` ends it). */
const under = (...prefix: string[]) => IDBKeyRange.bound(prefix, [...prefix, []]);

/**
 * A stored file as it is now; one kept before files were kept whole is its id alone, which
 * still sends (the box shows it by a general name if the room refuses it).
 */
function storedFile(value: unknown): UploadedFile | null {
  if (typeof value === 'string') {
    return { id: value, name: 'Attached file', size: 0, type: 'application/octet-stream' };
  }
  const file = value as Partial<Record<keyof UploadedFile, unknown>> | null;
  const whole =
    typeof file?.id === 'string' &&
    typeof file.name === 'string' &&
    typeof file.size === 'number' &&
    typeof file.type === 'string' &&
    (file.width === undefined || typeof file.width === 'number') &&
    (file.height === undefined || typeof file.height === 'number');
  return whole ? (file as UploadedFile) : null;
}

/** The entry as stored, its files read; null when it is not one. */
function storedEntry(value: unknown): StoredEntry | null {
  const entry = value as Partial<Record<keyof StoredEntry, unknown>> | null;
  if (
    typeof entry?.clientId !== 'string' ||
    typeof entry.text !== 'string' ||
    typeof entry.createdAt !== 'number' ||
    (entry.replyTo !== undefined && typeof entry.replyTo !== 'number') ||
    (entry.files !== undefined && !Array.isArray(entry.files))
  ) {
    return null;
  }
  const files = entry.files?.map(storedFile);
  if (files?.some((file) => file === null)) return null;
  return { ...(entry as StoredEntry), ...(files && { files: files as UploadedFile[] }) };
}

export function outboxStorage(accountId: string, roomId: string): OutboxStorage {
  const remove = (clientId: string) =>
    void run('readwrite', (store) => store.delete([accountId, roomId, clientId]));
  return {
    async load() {
      const found =
        (await run('readonly', (store) => store.getAll(under(accountId, roomId)))) ?? [];
      const since = Date.now() - STORED_FOR_MS;
      const entries = found
        .map(storedEntry)
        .filter((entry) => entry !== null)
        .sort((a, b) => a.createdAt - b.createdAt);
      // Only the stale go: one merely past the first STORED_MAX is a text nobody has given up.
      for (const entry of entries) if (entry.createdAt < since) remove(entry.clientId);
      return entries.filter((entry) => entry.createdAt >= since).slice(0, STORED_MAX);
    },
    save: (entry) =>
      void run('readwrite', (store) => store.put(entry, [accountId, roomId, entry.clientId])),
    remove,
  };
}

/** Sign-out, account deletion: the account's texts leave this browser. */
export async function clearStoredOutbox(accountId: string): Promise<void> {
  await run('readwrite', (store) => store.delete(under(accountId)));
}

/** Someone signed in: whatever other accounts left in this browser goes. */
export async function keepOnlyStoredOutboxOf(accountId: string): Promise<void> {
  await run('readwrite', (store) => {
    store.delete(IDBKeyRange.upperBound([accountId], true));
    return store.delete(IDBKeyRange.lowerBound([accountId, []], true));
  });
}

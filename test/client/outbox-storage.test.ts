import { describe, expect, it, vi } from 'vitest';
import {
  clearStoredOutbox,
  keepOnlyStoredOutboxOf,
  outboxStorage,
  STORED_FOR_MS,
  STORED_MAX,
  type StoredEntry,
} from '../../client/lib/outbox-storage';

/** Writes are not awaited by their callers: a load after them sees them (one queue per store). */
const entry = (clientId: string, createdAt = Date.now(), replyTo?: number): StoredEntry => ({
  clientId,
  text: `text of ${clientId}`,
  createdAt,
  ...(replyTo !== undefined && { replyTo }),
});

describe('the stored outbox', () => {
  it('gives back what one account left in one room, oldest first, with what it answers', async () => {
    const now = Date.now();
    const room = outboxStorage('acc-order', 'room-a');
    room.save(entry('c', now + 2));
    room.save(entry('a', now, 7));
    room.save(entry('b', now + 1));
    outboxStorage('acc-order', 'room-b').save(entry('other-room'));
    outboxStorage('acc-someone', 'room-a').save(entry('other-account'));

    expect(await room.load()).toEqual([
      entry('a', now, 7),
      entry('b', now + 1),
      entry('c', now + 2),
    ]);
    room.remove('b');
    expect((await room.load()).map((stored) => stored.clientId)).toEqual(['a', 'c']);
  });

  it('drops what is older than a day', async () => {
    const room = outboxStorage('acc-age', 'room-a');
    room.save(entry('stale', Date.now() - STORED_FOR_MS - 1000));
    room.save(entry('fresh'));
    expect((await room.load()).map((stored) => stored.clientId)).toEqual(['fresh']);
  });

  it('gives back at most STORED_MAX at a time, and never deletes the ones after them', async () => {
    const now = Date.now();
    const room = outboxStorage('acc-many', 'room-a');
    for (let i = 0; i <= STORED_MAX; i++) room.save(entry(`text-${i}`, now + i));
    const first = await room.load();
    expect(first).toHaveLength(STORED_MAX);
    expect(first[0]!.clientId).toBe('text-0');
    // Those are sent (and removed): the one past them comes back on the next load.
    for (const sent of first) room.remove(sent.clientId);
    expect((await room.load()).map((stored) => stored.clientId)).toEqual([`text-${STORED_MAX}`]);
  });

  it('clears an account on sign-out, and keeps only the signed-in account otherwise', async () => {
    for (const account of ['acc-a', 'acc-b', 'acc-b2', 'acc-c']) {
      outboxStorage(account, 'room').save(entry(`${account}-text`));
    }
    await clearStoredOutbox('acc-a');
    expect(await outboxStorage('acc-a', 'room').load()).toEqual([]);
    expect(await outboxStorage('acc-b', 'room').load()).toHaveLength(1);

    // 'acc-b2' starts like 'acc-b' but is someone else.
    await keepOnlyStoredOutboxOf('acc-b');
    expect(await outboxStorage('acc-b', 'room').load()).toHaveLength(1);
    expect(await outboxStorage('acc-b2', 'room').load()).toEqual([]);
    expect(await outboxStorage('acc-c', 'room').load()).toEqual([]);
  });

  it('works as nothing stored where IndexedDB is missing', async () => {
    vi.resetModules();
    vi.stubGlobal('indexedDB', undefined);
    const fresh = await import('../../client/lib/outbox-storage');
    const room = fresh.outboxStorage('acc-none', 'room-a');
    room.save(entry('lost'));
    room.remove('lost');
    expect(await room.load()).toEqual([]);
    await expect(fresh.clearStoredOutbox('acc-none')).resolves.toBeUndefined();
  });
});

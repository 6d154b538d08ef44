/**
 * GET /api/rooms/:roomId/search (issue 35): members only (a stranger, a kicked or banned
 * person, someone logged out, an unknown room: refused like the nicknames route); every word
 * found, case and diacritics folded, the last word a prefix; newest first, 20 a page with
 * nextBefore; snippets escaped with the matches in <mark>; file names found; edits, deletions
 * and trimming reflected by the lazily kept index; nothing typed is FTS5 syntax; bad input a
 * clear 400; a person limited like history pages.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE, searchMessages } from '../../contract/search';
import { roomMessages } from '../../contract/rooms';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { HISTORY_LIMIT } from '../../worker/chat/messages/message-store';
import { LOAD_HISTORY_BURST } from '../../worker/chat/messages/load-history';
import { renderMessage } from '../../worker/chat/messages/render-message';
import { CATCH_UP_PAGE } from '../../worker/chat/messages/search-index';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { Client, signedInClient, type ApiResult } from './support/api';
import { post } from './support/messages';
import { ownerAndGuest, ownerAndGuestJoined } from './support/rooms';

type Found = { results: { id: number; user: string; createdAt: number; snippet: string }[] };

/** The room's search object is made again (a fresh budget), as after the object slept. */
const freshBudgets = (roomId: string) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    (room as unknown as { messageCalls: { search: unknown } }).messageCalls.search = null;
  });

async function search(
  client: Client,
  roomId: string,
  q: string,
  before?: number | string,
): Promise<ApiResult<Found & { nextBefore?: number; error?: string }>> {
  await freshBudgets(roomId);
  const params = new URLSearchParams({ q });
  if (before !== undefined) params.set('before', String(before));
  return client.call(`/rooms/${roomId}/search?${params}`);
}

/** Stores messages straight into the room (as 'Owner'), answering their ids. */
const addMessages = (roomId: string, texts: string[], files?: { name: string }[]) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
    texts.map(
      (text) =>
        room.parts.messages.store.add(null, 'Owner', renderMessage(text), 'user', null, {
          files: files?.map((file, i) => ({
            id: `f${i}`,
            name: file.name,
            size: 1,
            type: 'application/pdf',
            url: `/api/files/f${i}`,
          })),
        }).id as number,
    ),
  );

const ids = (found: ApiResult<Found>) => found.body.results.map((result) => result.id);

describe('search: who may', () => {
  it('answers members, and refuses strangers, the logged out, the kicked and the banned', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Private' });
    await addMessages(roomId, ['the secret plan']);
    for (const member of [owner, guest]) {
      const found = await search(member.client, roomId, 'secret');
      expect(found.status).toBe(200);
      expect(found.body.results).toHaveLength(1);
    }

    const stranger = await signedInClient();
    const asStranger = await search(stranger.client, roomId, 'secret');
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual({ error: roomMessages.roomNotFound });
    // A stranger's bad input says nothing either: the room is checked first.
    expect((await search(stranger.client, roomId, '')).status).toBe(404);
    expect((await search(stranger.client, 'no-such-room-at-all', 'secret')).status).toBe(404);
    expect((await search(stranger.client, 'bad id!', 'secret')).status).toBe(404);
    expect((await search(new Client(), roomId, 'secret')).status).toBe(401);

    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    expect((await search(guest.client, roomId, 'secret')).status).toBe(404);
  });

  it('refuses a person the room itself has banned, whatever D1 still says', async () => {
    const { guest, roomId } = await ownerAndGuest();
    await addMessages(roomId, ['hello there']);
    expect((await search(guest.client, roomId, 'hello')).status).toBe(200);
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      room.parts.gate.kicked(guest.user.id);
    });
    const refused = await search(guest.client, roomId, 'hello');
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('hello');
  });
});

describe('search: what is found', () => {
  it('finds every word, any case or accent, the last as a prefix, newest first', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const [creme, both, other, upper] = await addMessages(roomId, [
      'Crème brûlée for dessert',
      'creme and coffee',
      'nothing to see',
      'CREME BRULEE again',
    ]);
    const found = await search(owner.client, roomId, 'creme brulee');
    expect(found.status).toBe(200);
    expect(ids(found)).toEqual([upper, creme]);
    expect(found.body.results[1]).toEqual({
      id: creme,
      user: 'Owner',
      createdAt: expect.any(Number),
      snippet: '<mark>Crème</mark> <mark>brûlée</mark> for dessert',
    });
    expect(ids(await search(owner.client, roomId, 'CRÈME'))).toEqual([upper, both, creme]);
    // The last word is a prefix; the others are whole words.
    expect(ids(await search(owner.client, roomId, 'coffee cre'))).toEqual([both]);
    expect(ids(await search(owner.client, roomId, 'cre coffee'))).toEqual([]);
    expect(ids(await search(owner.client, roomId, 'see'))).toEqual([other]);
    expect(ids(await search(owner.client, roomId, 'absent'))).toEqual([]);
  });

  it('takes createdAt from the message, as history carries it', async () => {
    const { owner, roomId, a } = await ownerAndGuestJoined();
    const sent = await post(a, roomId, 'a dated message');
    const found = await search(owner.client, roomId, 'dated');
    expect(found.body.results).toEqual([
      { id: sent.id, user: 'Owner', createdAt: sent.createdAt, snippet: expect.any(String) },
    ]);
    a.close();
  });

  it('escapes the snippet: only <mark> is markup', async () => {
    const { owner, roomId } = await ownerAndGuest();
    await addMessages(roomId, [`<script>alert("x")</script> Tom & Jerry's "quote" <b>bold</b>`]);
    const found = await search(owner.client, roomId, 'jerry');
    expect(found.body.results[0]!.snippet).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; <mark>Jerry</mark>&#39;s ' +
        '&quot;quote&quot; &lt;b&gt;bold&lt;/b&gt;',
    );
    const markup = found.body.results[0]!.snippet.replaceAll(/<\/?mark>/g, '');
    expect(markup).not.toMatch(/[<>"']/);
    // Markdown's markup is not text: **bold** is found as "bold", without the stars.
    await addMessages(roomId, ['**strong** words']);
    expect((await search(owner.client, roomId, 'strong')).body.results[0]!.snippet).toBe(
      '<mark>strong</mark> words',
    );
  });

  it('finds a message by the names of its files', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const [withFile] = await addMessages(roomId, ['see attached'], [{ name: 'budget-2024.pdf' }]);
    const found = await search(owner.client, roomId, 'budget');
    expect(ids(found)).toEqual([withFile]);
    expect(found.body.results[0]!.snippet).toContain('<mark>budget</mark>');
  });

  it('pages newest first, 20 at a time, with nextBefore until the last page', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const sent = await addMessages(
      roomId,
      Array.from({ length: 45 }, (_, i) => (i % 3 === 2 ? `filler ${i}` : `needle ${i}`)),
    );
    const needles = sent.filter((_, i) => i % 3 !== 2).reverse();
    expect(needles).toHaveLength(30);
    const first = await search(owner.client, roomId, 'needle');
    expect(ids(first)).toEqual(needles.slice(0, SEARCH_PAGE));
    expect(first.body.nextBefore).toBe(needles[SEARCH_PAGE - 1]);
    const second = await search(owner.client, roomId, 'needle', first.body.nextBefore);
    expect(ids(second)).toEqual(needles.slice(SEARCH_PAGE));
    expect(second.body.nextBefore).toBeUndefined();
    // Exactly a page left: no nextBefore to an empty one.
    const exact = await search(owner.client, roomId, 'needle', needles[9]);
    expect(ids(exact)).toEqual(needles.slice(10));
    expect(exact.body.results).toHaveLength(SEARCH_PAGE);
    expect(exact.body.nextBefore).toBeUndefined();
  });
});

describe('search: the index follows the history', () => {
  it('reflects edits and deletions made after the index was built', async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined();
    const edited = await post(a, roomId, 'meet at the station');
    const removed = await post(b, roomId, 'station number two');
    const kept = await post(a, roomId, 'a station that stays');
    expect(ids(await search(owner.client, roomId, 'station'))).toEqual([
      kept.id,
      removed.id,
      edited.id,
    ]);

    expect(
      await a.emit('editMessage', { roomId, messageId: edited.id, text: 'meet at the harbour' }),
    ).toEqual({});
    expect(await b.emit('deleteMessage', { roomId, messageId: removed.id })).toEqual({});
    expect(ids(await search(owner.client, roomId, 'station'))).toEqual([kept.id]);
    const harbour = await search(owner.client, roomId, 'harbour');
    expect(ids(harbour)).toEqual([edited.id]);
    expect(harbour.body.results[0]!.snippet).toBe('meet at the <mark>harbour</mark>');
    expect(ids(await search(owner.client, roomId, 'number'))).toEqual([]);
    a.close();
    b.close();
  });

  it('keeps no word of a deleted or edited message in the index, searched or not', async () => {
    const { owner, roomId, a } = await ownerAndGuestJoined();
    const removed = await post(a, roomId, 'my password is hunter2');
    const edited = await post(a, roomId, 'call me on 555 0199');
    expect(ids(await search(owner.client, roomId, 'hunter2'))).toEqual([removed.id]);
    expect(await a.emit('deleteMessage', { roomId, messageId: removed.id })).toEqual({});
    expect(await a.emit('editMessage', { roomId, messageId: edited.id, text: 'call me' })).toEqual(
      {},
    );
    // Before anyone searches again: the words left the messages table, so the index too.
    const stored = await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) =>
      state.storage.sql.exec<{ body: string }>('SELECT body FROM message_search').toArray(),
    );
    expect(JSON.stringify(stored)).not.toMatch(/hunter2|0199/);
    expect(ids(await search(owner.client, roomId, 'call'))).toEqual([edited.id]);
    expect(ids(await search(owner.client, roomId, '0199'))).toEqual([]);
    a.close();
  });

  it('goes with a deleted room, words and marks', async () => {
    const { owner, roomId } = await ownerAndGuest();
    await addMessages(roomId, ['the room’s secret plan']);
    expect(ids(await search(owner.client, roomId, 'secret'))).toHaveLength(1);
    const left = await runInDurableObject(roomStub(env, roomId), async (room: ChatRoom, state) => {
      await room.deleteRoom(roomId);
      const tables = state.storage.sql
        .exec("SELECT name FROM sqlite_master WHERE name LIKE 'message_search%'")
        .toArray();
      const marks = [...state.storage.kv.list({ prefix: 'search:' })];
      return { tables, marks };
    });
    expect(left).toEqual({ tables: [], marks: [] });
  });

  it('indexes a room whose history predates search, and what came after', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const [old] = await addMessages(roomId, ['older words']);
    expect(ids(await search(owner.client, roomId, 'words'))).toEqual([old]);
    const [later] = await addMessages(roomId, ['newer words']);
    expect(ids(await search(owner.client, roomId, 'words'))).toEqual([later, old]);
  });

  it('catches up with more changes than it reads at once', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const texts = Array.from({ length: CATCH_UP_PAGE * 2 + 10 }, (_, i) => `before ${i}`);
    const added = await addMessages(roomId, texts);
    expect(ids(await search(owner.client, roomId, 'before'))).toHaveLength(SEARCH_PAGE);
    // Changed in the store alone: only the next search's catch-up can learn of it.
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      const { store } = room.parts.messages;
      for (const id of added) {
        const text = renderMessage('after');
        store.change(id, { text }, { ...store.find(id)!.message, text });
      }
    });
    expect(ids(await search(owner.client, roomId, 'before'))).toEqual([]);
    const changed = ids(await search(owner.client, roomId, 'after'));
    expect(changed).toHaveLength(SEARCH_PAGE);
    expect(changed[0]).toBe(added.at(-1));
  });

  it('forgets what the history trimmed', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const [ancient] = await addMessages(roomId, ['an ancient message']);
    expect(ids(await search(owner.client, roomId, 'ancient'))).toEqual([ancient]);
    await addMessages(
      roomId,
      Array.from({ length: HISTORY_LIMIT + 100 }, (_, i) => `m${i}`),
    );
    expect(ids(await search(owner.client, roomId, 'ancient'))).toEqual([]);
    const newest = await search(owner.client, roomId, `m${HISTORY_LIMIT + 99}`);
    expect(newest.body.results).toHaveLength(1);
  });
});

describe('search: what may be asked', () => {
  it('treats FTS5 syntax as words', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const [quoted, plain] = await addMessages(roomId, [
      'say "OR" NEAR(the end) body:col -minus',
      'or near',
    ]);
    for (const q of [
      '"',
      '*',
      '"OR"',
      'OR',
      'NEAR(',
      'body:col',
      '-minus',
      'a AND',
      '^x',
      "')",
      '(',
    ]) {
      const found = await search(owner.client, roomId, q);
      expect(found.status, q).toBe(200);
      expect(Array.isArray(found.body.results), q).toBe(true);
    }
    expect(ids(await search(owner.client, roomId, 'OR NEAR('))).toEqual([plain, quoted]);
    expect(ids(await search(owner.client, roomId, 'body:col'))).toEqual([quoted]);
    expect(ids(await search(owner.client, roomId, '"'))).toEqual([]);
  });

  it('takes control characters typed (a NUL) as spaces, not as the end of the query', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const [greeting] = await addMessages(roomId, ['hello world']);
    // FTS5 reads its query up to a NUL: the string it opened was never closed (a 500).
    for (const q of ['hello\u0000world', 'hello\u0000', '\u0000hello', 'hel\u0001lo']) {
      const found = await search(owner.client, roomId, q);
      expect(found.status, JSON.stringify(q)).toBe(200);
    }
    expect(ids(await search(owner.client, roomId, 'hello\u0000world'))).toEqual([greeting]);
    expect(ids(await search(owner.client, roomId, '\u0000hello'))).toEqual([greeting]);
  });

  it('refuses empty, long and many-word searches and a bad before, in words', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const refusals: [string | undefined, string | undefined, string][] = [
      ['', undefined, searchMessages.empty],
      ['   ', undefined, searchMessages.empty],
      [undefined, undefined, searchMessages.empty],
      ['x'.repeat(101), undefined, searchMessages.tooLong],
      ['a b c d e f g h i', undefined, searchMessages.tooManyWords],
      ['ok', '0', searchMessages.badBefore],
      ['ok', '-3', searchMessages.badBefore],
      ['ok', '1.5', searchMessages.badBefore],
      ['ok', 'abc', searchMessages.badBefore],
      ['ok', '1e3', searchMessages.badBefore],
      ['ok', '9'.repeat(20), searchMessages.badBefore],
    ];
    for (const [q, before, error] of refusals) {
      const params = new URLSearchParams();
      if (q !== undefined) params.set('q', q);
      if (before !== undefined) params.set('before', before);
      const res = await owner.client.call(`/rooms/${roomId}/search?${params}`);
      expect(res.status, `${q} ${before}`).toBe(400);
      expect(res.body).toEqual({ error });
    }
    expect((await search(owner.client, roomId, 'x'.repeat(100))).status).toBe(200);
    expect((await search(owner.client, roomId, 'a b c d e f g h')).status).toBe(200);
  });

  it('limits a person like history pages: past the burst, 429', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    await freshBudgets(roomId);
    const call = (client: Client) => client.call(`/rooms/${roomId}/search?q=hello`);
    for (let i = 0; i < LOAD_HISTORY_BURST; i++)
      expect((await call(owner.client)).status).toBe(200);
    const refused = await call(owner.client);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: searchMessages.tooFast });
    // The budget is the person's: the guest still searches.
    expect((await call(guest.client)).status).toBe(200);
  });
});

/**
 * workerd's SQLite in a Durable Object has FTS5 (the room's search rests on it): a virtual
 * table is made, filled and matched, with the unicode61 tokenizer folding case and diacritics.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';

it('has FTS5 in the room object’s storage, with unicode61 folding case and diacritics', async () => {
  await runInDurableObject(roomStub(env, 'fts5-probe'), (_room: ChatRoom, state) => {
    const { sql } = state.storage;
    sql.exec(
      `CREATE VIRTUAL TABLE probe USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')`,
    );
    sql.exec('INSERT INTO probe (rowid, body) VALUES (1, ?), (2, ?)', 'Crème brûlée', 'other');
    const found = sql
      .exec<{ rowid: number; s: string }>(
        `SELECT rowid, highlight(probe, 0, '[', ']') AS s FROM probe WHERE probe MATCH ?`,
        '"creme" "BRU"*',
      )
      .toArray();
    expect(found).toEqual([{ rowid: 1, s: '[Crème] [brûlée]' }]);
  });
});

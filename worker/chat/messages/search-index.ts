/**
 * A room's full-text index: an FTS5 table in the room object's SQLite (docs/search.md), kept
 * up to date lazily. Sending a message writes nothing here; a search first brings the index up
 * to date from the messages table: rows newer than the mark 'indexed up to', rows changed
 * (edited, deleted, reacted to) since the last catch-up by their `changed_at`, and rows trimmed
 * from the history. A room nobody searches has no index at all.
 */
import type { MessageFile } from '../../../contract/files';
import { SEARCH_PAGE, type SearchResponse } from '../../../contract/search';
import { textOfHtml } from '../../lib/html-text';
import { escapeHtml } from './render-message';

/** The index's own layout version: the messages table's (messages-table.ts) is not touched. */
const SCHEMA_KEY = 'search:schema';
const SCHEMA_VERSION = 1;
/** The newest message id the index has seen. */
const INDEXED_UP_TO_KEY = 'search:indexedUpTo';
/** When the last catch-up began: rows changed at or after it are indexed again. */
const CHANGES_FROM_KEY = 'search:changesFrom';

/**
 * What snippet() puts around a match. Control characters no indexed text keeps (they are made
 * spaces), so after escaping they can only be matches, and become `<mark>`.
 */
const MARK_OPEN = '\u0002';
const MARK_CLOSE = '\u0003';
// eslint-disable-next-line no-control-regex -- the markers are control characters, kept out of the text
const MARKERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
/** Rows read per statement as the index catches up (eachPage). */
export const CATCH_UP_PAGE = 500;
/** About this many words of context around the matches. */
const SNIPPET_TOKENS = 16;

interface IndexedRow extends Record<string, SqlStorageValue> {
  id: number;
  text: string;
  files: string | null;
}

interface ResultRow extends Record<string, SqlStorageValue> {
  id: number;
  user: string;
  created_at: number;
  snippet: string;
}

export class SearchIndex {
  constructor(
    private readonly sql: SqlStorage,
    private readonly kv: SyncKvStorage,
  ) {}

  /** The newest matches of every word before `before` (all of `words` must be found). */
  search(words: readonly string[], before?: number): SearchResponse {
    const match = matchExpression(words);
    if (match === null) return { results: [] };
    this.catchUp();
    const rows = this.sql
      .exec<ResultRow>(
        `SELECT message_search.rowid AS id, messages.user, messages.created_at,
           snippet(message_search, 0, ?, ?, '…', ?) AS snippet
         FROM message_search JOIN messages ON messages.id = message_search.rowid
         WHERE message_search MATCH ? AND message_search.rowid < ?
         ORDER BY message_search.rowid DESC LIMIT ?`,
        MARK_OPEN,
        MARK_CLOSE,
        SNIPPET_TOKENS,
        match,
        before ?? Number.MAX_SAFE_INTEGER,
        SEARCH_PAGE + 1,
      )
      .toArray();
    const page = rows.slice(0, SEARCH_PAGE);
    const results = page.map((row) => ({
      id: row.id,
      user: row.user,
      createdAt: row.created_at,
      snippet: markedSnippet(row.snippet),
    }));
    return rows.length > SEARCH_PAGE ? { results, nextBefore: page.at(-1)!.id } : { results };
  }

  /**
   * Brings the index up to the messages table. One synchronous run, so one implicit
   * transaction with the marks: nothing changes in between, and a failure leaves both as
   * they were.
   */
  private catchUp() {
    const startedAt = Date.now();
    if (this.kv.get(SCHEMA_KEY) !== SCHEMA_VERSION) this.create(startedAt);
    const upTo = this.kv.get<number>(INDEXED_UP_TO_KEY) ?? 0;
    const changesFrom = this.kv.get<number>(CHANGES_FROM_KEY) ?? startedAt;
    // Trimmed from the history (or the whole history cleared): out of the index too.
    this.sql.exec(
      'DELETE FROM message_search WHERE rowid < coalesce((SELECT MIN(id) FROM messages), ?)',
      upTo + 1,
    );
    // Edited, deleted or reacted to since the last catch-up: indexed again, or not at all.
    this.eachPage<IndexedRow & { deleted_at: number | null }>(
      `SELECT id, text, files, deleted_at FROM messages
       WHERE changed_at >= ? AND id <= ? AND id > ? ORDER BY id LIMIT ?`,
      [changesFrom, upTo],
      0,
      (row) => {
        this.sql.exec('DELETE FROM message_search WHERE rowid = ?', row.id);
        if (row.deleted_at === null) this.insert(row);
      },
    );
    this.eachPage<IndexedRow>(
      'SELECT id, text, files FROM messages WHERE deleted_at IS NULL AND id > ? ORDER BY id LIMIT ?',
      [],
      upTo,
      (row) => this.insert(row),
    );
    const newest = this.sql
      .exec<{ id: number | null }>('SELECT MAX(id) AS id FROM messages')
      .one().id;
    this.kv.put(INDEXED_UP_TO_KEY, Math.max(upTo, newest ?? 0));
    this.kv.put(CHANGES_FROM_KEY, startedAt);
  }

  private create(startedAt: number) {
    // Case and diacritics folded, in the text and in the words searched for alike.
    this.sql.exec(`DROP TABLE IF EXISTS message_search`);
    this.sql.exec(
      `CREATE VIRTUAL TABLE message_search USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')`,
    );
    this.kv.put(INDEXED_UP_TO_KEY, 0);
    this.kv.put(CHANGES_FROM_KEY, startedAt);
    this.kv.put(SCHEMA_KEY, SCHEMA_VERSION);
  }

  /**
   * Visits the rows of `query` (its bindings, then the id to read after and the page's size)
   * a page at a time, in id order: a full room's first catch-up reads its whole history, which
   * at the longest messages would be tens of megabytes held at once.
   */
  private eachPage<Row extends IndexedRow>(
    query: string,
    bindings: SqlStorageValue[],
    afterId: number,
    visit: (row: Row) => void,
  ) {
    for (let after = afterId; ;) {
      const page = this.sql.exec<Row>(query, ...bindings, after, CATCH_UP_PAGE).toArray();
      page.forEach(visit);
      if (page.length < CATCH_UP_PAGE) return;
      after = page.at(-1)!.id;
    }
  }

  private insert(row: IndexedRow) {
    this.sql.exec(
      'INSERT INTO message_search (rowid, body) VALUES (?, ?)',
      row.id,
      searchableText(row),
    );
  }
}

/**
 * A message deleted or edited: its old words leave the index now, as they leave the messages
 * table (message-changes.ts), rather than at the next search, which may never come. That
 * catch-up indexes an edited message's new text by its changed_at. A room never searched has
 * no index to touch.
 */
export function forgetIndexedWords(sql: SqlStorage, kv: SyncKvStorage, messageId: number) {
  if (kv.get(SCHEMA_KEY) !== SCHEMA_VERSION) return;
  sql.exec('DELETE FROM message_search WHERE rowid = ?', messageId);
}

/** The room was deleted: its index goes with its history, and the marks with it. */
export function dropSearchIndex(sql: SqlStorage, kv: SyncKvStorage) {
  sql.exec('DROP TABLE IF EXISTS message_search');
  for (const key of [SCHEMA_KEY, INDEXED_UP_TO_KEY, CHANGES_FROM_KEY]) kv.delete(key);
}

/** What a message is found by: its words without markup, and its files' names. */
function searchableText(row: IndexedRow): string {
  const names =
    row.files === null ? [] : (JSON.parse(row.files) as MessageFile[]).map((f) => f.name);
  return [textOfHtml(row.text), ...names].join(' ').replace(MARKERS, ' ');
}

/**
 * The words as an FTS5 query that can only mean "each of these": every word is an FTS5
 * string (its quotes doubled), so nothing typed is syntax (`OR`, `NEAR(`, `*`, `"`, `-`,
 * `col:`); the last is a prefix, for a word still being typed. Words without a letter or a
 * digit would match nothing the tokenizer keeps (null when none is left). Control characters
 * become spaces, as in the indexed text: FTS5 reads its query only up to a NUL, which would
 * leave the string open (an error, not an answer).
 */
export function matchExpression(words: readonly string[]): string | null {
  const kept = words.filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (kept.length === 0) return null;
  const quoted = kept.map((word) => `"${word.replace(MARKERS, ' ').replaceAll('"', '""')}"`);
  return `${quoted.join(' ')}*`;
}

/** snippet()'s plain text, escaped, its match markers made `<mark>` and `</mark>`. */
function markedSnippet(raw: string): string {
  return escapeHtml(raw).replaceAll(MARK_OPEN, '<mark>').replaceAll(MARK_CLOSE, '</mark>');
}

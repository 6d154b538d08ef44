import { sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * Text as the admin search compares it: composed (NFC) and lower-cased in every script.
 * SQLite's own lower() folds only A to Z, so 'ÉLODIE' never found 'élodie'. Emails are
 * stored composed and lower-cased the same way (contract/validation.ts) and nicknames are
 * ASCII; a room keeps its name folded in `rooms.search_name`.
 *
 * Greek has two small sigmas: JavaScript lowers a capital Σ at the end of a word to ς, so
 * 'ΟΔΥΣ' (the start of 'Οδυσσευς') became 'οδυς' and matched nothing. Both sides compare
 * with every ς as σ (the stored side through foldedSql).
 */
export function searchText(text: string): string {
  return text.normalize('NFC').toLowerCase().replaceAll('ς', 'σ');
}

/** A stored column folded as far as SQL can: lower() for A to Z, and every ς as σ. */
export function foldedSql(column: AnySQLiteColumn | SQL): SQL {
  return sql`replace(lower(${column}), 'ς', 'σ')`;
}

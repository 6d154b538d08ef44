/**
 * Text as the admin search compares it: composed (NFC) and lower-cased in every script.
 * SQLite's own lower() folds only A to Z, so 'ÉLODIE' never found 'élodie'. Emails are
 * stored lower-cased the same way (contract/validation.ts) and nicknames are ASCII; a room
 * keeps its name folded in `rooms.search_name`.
 */
export function searchText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

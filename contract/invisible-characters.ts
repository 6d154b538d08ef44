/**
 * Characters a person cannot see but a screen obeys: zero-width spaces and joiners, the
 * left-to-right and right-to-left marks, and the bidirectional embeddings, overrides and
 * isolates. In a nickname, a room name or a message they let someone pass as someone else
 * ('bob' and 'bo\u200Bb') or make text read backwards ('\u202Egnp.exe'), so they are removed
 * wherever people's text enters the server.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

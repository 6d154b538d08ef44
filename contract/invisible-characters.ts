/**
 * Characters a person cannot see but a screen obeys: zero-width spaces and joiners, the
 * left-to-right and right-to-left marks, and the bidirectional embeddings, overrides and
 * isolates. In a nickname, a room name or a message they let someone pass as someone else
 * ('bob' and 'bo\u200Bb') or make text read backwards ('\u202Egnp.exe'), so they are removed
 * wherever people's text enters the server.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;
/** The same without the zero-width non-joiner and joiner (U+200C, U+200D). */
const INVISIBLE_BUT_JOINERS = /[\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** A run of joiners and what is on either side of it. */
const JOINER_RUN = /([^\u200C\u200D]?)([\u200C\u200D]+)(?=(.?))/gsu;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * For text that is read rather than a name (messages, broadcasts): the joiners are part of
 * writing where they sit between two visible characters. A family or a flag emoji is several
 * emoji joined by U+200D (👨‍👩‍👧 would arrive as 👨👩👧), and Persian and Indic words need
 * U+200C. One joiner is kept there; anywhere else (at an end, beside a space, alone) it goes.
 */
export function stripInvisibleInText(text: string): string {
  return text
    .replace(INVISIBLE_BUT_JOINERS, '')
    .replace(JOINER_RUN, (_run, before: string, joiners: string, after: string) =>
      /\S/u.test(before) && /\S/u.test(after) ? before + joiners[0] : before,
    );
}

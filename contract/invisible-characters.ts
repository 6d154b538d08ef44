/**
 * Characters a person cannot see but a screen obeys: zero-width spaces and joiners, the
 * left-to-right, right-to-left and Arabic letter marks, the bidirectional embeddings, overrides
 * and isolates, the word joiner and invisible operators, the byte order mark, the soft hyphen
 * and the Mongolian vowel separator. In a nickname, a room name or a message they let someone
 * pass as someone else ('bob' and 'bo\u200Bb') or make text read backwards ('\u202Egnp.exe'),
 * so they are removed wherever people's text enters the server.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** The same without the zero-width non-joiner and joiner (U+200C, U+200D). */
const INVISIBLE_BUT_JOINERS =
  /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
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

/**
 * Letters that show as nothing: the Hangul fillers and the blank Braille pattern. They are
 * writing (kept in text), but a message of them and spaces alone is a blank one. So is one of
 * what shows nothing on its own: control characters (a BEL, the C1 controls), variation
 * selectors, the combining grapheme joiner, the tag characters (a flag's tail after its 🏴)
 * and the interlinear annotation marks. A room named '\u0007' would show as no name at all.
 */
const BLANK =
  /^[\s\p{Cc}\p{Variation_Selector}\u034F\u115F\u1160\u3164\uFFA0\u2800\uFFF9-\uFFFB\u{E0000}-\u{E007F}]*$/u;

export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/**
 * What an address may not hold: every format and control character (all of INVISIBLE, and the
 * tag characters and interlinear marks besides), the combining grapheme joiner, the
 * variation selectors and the letters that show as nothing. An address is typed and read by
 * people, so nothing in it may be unseen; it is refused rather than stripped, because a
 * stripped address is not the one its owner gave.
 */
const HIDDEN_IN_ADDRESS =
  /[\p{Cf}\p{Cc}\p{Variation_Selector}\u115F\u1160\u3164\uFFA0\u2800]|\u034F/u;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_IN_ADDRESS.test(text);
}

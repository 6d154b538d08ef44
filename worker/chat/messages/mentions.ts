/**
 * `@nickname` in a message: when it names a member of the room, the rendered HTML shows it as a
 * mention (`<span class="mention">`) and the message lists the member's nickname in `mentions`,
 * so they are told (notifications, the room list's '@'). Only the text a person reads counts:
 * not a link's address or words, nor code.
 */
import { MENTIONS_MAX } from '../../../contract/realtime';

/** Finds a member by a nickname as typed (any case): their nickname as the room knows it. */
export type MemberLookup = (typed: string) => string | undefined;

const TAG = /(<[^>]*>)/;
/** Nicknames are letters, digits, '_', '.' and '-' (contract/validation.ts). */
const MENTION = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]+)/g;
/** Inside these a '@word' is not a mention. */
const QUIET = /^<(\/?)(a|code|pre)\b/i;

/** The answer for the many messages without an '@': never changed by anyone. */
const NO_MENTIONS: string[] = [];

export function markMentions(
  html: string,
  lookup: MemberLookup,
): { html: string; mentions: string[] } {
  if (!html.includes('@')) return { html, mentions: NO_MENTIONS };
  const mentions: string[] = [];
  let quietDepth = 0;
  const parts = html.split(TAG).map((part) => {
    const tag = QUIET.exec(part);
    if (tag) quietDepth += tag[1] ? -1 : 1;
    if (part.startsWith('<') || quietDepth > 0) return part;
    return part.replace(MENTION, (whole, before: string, typed: string) => {
      const nickname = memberOf(typed, lookup);
      if (!nickname) return whole;
      if (!mentions.includes(nickname)) {
        if (mentions.length >= MENTIONS_MAX) return whole;
        mentions.push(nickname);
      }
      // A sentence's full stop after the nickname is not part of it.
      const rest = typed.slice(nickname.length);
      return `${before}<span class="mention">@${typed.slice(0, nickname.length)}</span>${rest}`;
    });
  });
  return { html: mentions.length ? parts.join('') : html, mentions };
}

/** The member a typed nickname names, trying it without trailing dots or dashes too. */
function memberOf(typed: string, lookup: MemberLookup): string | undefined {
  for (let name = typed; name; name = name.slice(0, -1)) {
    const found = lookup(name);
    if (found) return found;
    if (!/[.-]$/.test(name)) return undefined;
  }
  return undefined;
}

/**
 * What a link may say about where it goes. A link's words (or title) that name an address must
 * name the link's own site, or the reader is shown the real address instead; and an href never
 * carries userinfo, which lets 'https://bank.com@evil.com' read as one site and open another.
 */
import { linkifyit } from 'linkify-it';

/**
 * Dots a browser reads as a label separator in a host (UTS #46): NFKC folds the full-width one
 * (U+FF0E) to '.', but the ideographic (U+3002) and half-width ideographic (U+FF61) stay
 * themselves, and U+FE12 folds to U+3002.
 */
const OTHER_DOTS = /[\u3002\uFF0E\uFF61\uFE12]/g;

/**
 * What shows as nothing: joiners (a message keeps one between two visible characters),
 * variation selectors, tag characters, whatever a title's entities decode to. A host read by
 * UTS #46 drops most of them too.
 */
const SHOWN_AS_NOTHING = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Words as a reader sees them: compatibility forms folded ('ＢＡＮＫ．ＣＯＭ' is 'bank.com') and
 * nothing unseen in between ('bank.\u200Dcom' is 'bank.com').
 */
export function foldForHosts(words: string): string {
  return words.normalize('NFKC').replace(SHOWN_AS_NOTHING, '').replace(OTHER_DOTS, '.');
}

/**
 * A dotted word: labels joined by dots, ending in a label of two or more characters that starts
 * with a letter, as every top-level domain does (so 'e.g.' and 'v1.2' are not addresses), or a
 * dotted IPv4 address. Any such word counts, whatever its top-level domain: a list of known ones
 * would always be behind ('mybank.app').
 */
const DOTTED_WORD =
  /[\p{L}\p{N}\p{M}_-]+(?:\.[\p{L}\p{N}\p{M}_-]+)*\.\p{L}[\p{L}\p{N}\p{M}-]+|\d{1,3}(?:\.\d{1,3}){3}/gu;

/** The hosts that folded words name, in the form a URL's hostname takes (punycode). */
export function hostsNamedIn(words: string): string[] {
  return (foldForHosts(words).match(DOTTED_WORD) ?? []).map(
    // A word no URL accepts as a host can name no site of the link's: '' never matches one.
    (word) => parsed(`http://${word}/`)?.hostname ?? '',
  );
}

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const withoutWww = (host: string) => host.replace(/^www\./, '');

/** 'bank.com' may stand for bank.com, www.bank.com or login.bank.com; nothing else. */
function isSiteOf(named: string, host: string): boolean {
  const site = withoutWww(named);
  const target = withoutWww(host);
  return site !== '' && (target === site || target.endsWith(`.${site}`));
}

/** Finds written-out addresses with a path ('https://github.com/ours'), with or without scheme. */
const addressesIn = linkifyit({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: true });

/**
 * Whether `words` name an address other than `href`: every dotted word must be the link's site
 * (or one above it), and an address written with a path must be the link's very address.
 */
export function namesAnotherAddress(words: string, href: string): boolean {
  const target = parsed(href);
  if (!target) return true;
  if (hostsNamedIn(words).some((named) => !isSiteOf(named, target.hostname))) return true;
  return (addressesIn.match(foldForHosts(words)) ?? []).some((match) => {
    const named = parsed(match.url);
    if (!named) return true;
    const siteAlone = named.pathname === '/' && !named.search && !named.hash;
    return !siteAlone && named.href !== target.href;
  });
}

/**
 * `href` without a user name or password: browsers open the host after the '@', so whatever
 * comes before it only serves to pass for another site. Other links are returned as they are.
 */
export function withoutUserinfo(href: string): string {
  const url = parsed(href);
  if (!url || (!url.username && !url.password)) return href;
  url.username = '';
  url.password = '';
  return url.href;
}

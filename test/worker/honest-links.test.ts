/**
 * The rule that keeps a link's words honest (honest-links.ts) and how a message shows a link
 * that breaks it: any dotted word, after folding look-alike dots and full-width letters, is an
 * address, and unless it is the link's own site the reader sees the real address; userinfo
 * never survives in an href.
 */
import { describe, expect, it } from 'vitest';
import {
  hostsNamedIn,
  namesAnotherAddress,
  withoutUserinfo,
} from '../../worker/chat/messages/honest-links';
import { renderMessage } from '../../worker/chat/messages/render-message';

const SAFE_LINK = 'target="_blank" rel="noopener noreferrer nofollow"';
const shownAs = (href: string, words: string) => `<a href="${href}" ${SAFE_LINK}>${words}</a>`;

describe('a dotted word in a link’s text', () => {
  it('counts as an address whatever its top-level domain', () => {
    expect(hostsNamedIn('mybank.app')).toEqual(['mybank.app']);
    expect(hostsNamedIn('sign in at my.bank.zip now')).toEqual(['my.bank.zip']);
    expect(hostsNamedIn('10.0.0.1')).toEqual(['10.0.0.1']);
  });

  it('is read after folding full-width letters and full-width or ideographic dots', () => {
    expect(hostsNamedIn('ＢＡＮＫ．ＣＯＭ')).toEqual(['bank.com']);
    expect(hostsNamedIn('bank。com')).toEqual(['bank.com']);
    expect(hostsNamedIn('bank｡com')).toEqual(['bank.com']);
    expect(hostsNamedIn('bank︒com')).toEqual(['bank.com']);
  });

  it('is not found in words with no dotted word, nor in abbreviations and version numbers', () => {
    expect(hostsNamedIn('the docs')).toEqual([]);
    expect(hostsNamedIn('see e.g. this, i.e. that, v1.2')).toEqual([]);
  });
});

describe('the link rule', () => {
  it('lets words that name no address, or the link’s own site, stand', () => {
    expect(namesAnotherAddress('the docs', 'https://evil.com/')).toBe(false);
    expect(namesAnotherAddress('example.com', 'https://example.com/a')).toBe(false);
    expect(namesAnotherAddress('EXAMPLE.com', 'https://example.com/')).toBe(false);
  });

  it('treats the www. form of a site as the site, either way round', () => {
    expect(namesAnotherAddress('www.example.com', 'https://example.com/')).toBe(false);
    expect(namesAnotherAddress('example.com', 'https://www.example.com/')).toBe(false);
  });

  it('lets a site stand for a link to one of its own subdomains', () => {
    expect(namesAnotherAddress('example.com', 'https://login.example.com/')).toBe(false);
  });

  it('catches a newer top-level domain naming another site', () => {
    expect(namesAnotherAddress('mybank.app', 'https://evil.com/')).toBe(true);
  });

  it('catches full-width and ideographic dots naming another site', () => {
    expect(namesAnotherAddress('ＢＡＮＫ．ＣＯＭ', 'https://evil.com/')).toBe(true);
    expect(namesAnotherAddress('bank。com', 'https://evil.com/')).toBe(true);
    expect(namesAnotherAddress('bank｡com', 'https://evil.com/')).toBe(true);
  });

  it('catches a site that merely ends like the link’s own, or sits beside it', () => {
    expect(namesAnotherAddress('notexample.com', 'https://example.com/')).toBe(true);
    expect(namesAnotherAddress('example.com', 'https://notexample.com/')).toBe(true);
    expect(namesAnotherAddress('a.example.com', 'https://b.example.com/')).toBe(true);
  });

  it('reads words without the characters that show as nothing', () => {
    // A joiner stays in a message between two visible characters, a title's entities decode to
    // any character, and a variation selector or a tag character is never stripped: in
    // 'bank.\u200Dcom' the reader sees 'bank.com'.
    for (const hidden of [
      '\u200D',
      '\u200C',
      '\u200B',
      '\uFE0F',
      '\u034F',
      '\u180B',
      '\u{E0020}',
    ]) {
      expect(hostsNamedIn(`bank.${hidden}com`), JSON.stringify(hidden)).toEqual(['bank.com']);
      expect(namesAnotherAddress(`bank.${hidden}com`, 'https://evil.com/')).toBe(true);
    }
    expect(namesAnotherAddress('bank.\u200Dcom', 'https://bank.com/')).toBe(false);
  });

  it('catches a look-alike letter from another script', () => {
    expect(namesAnotherAddress('bаnk.com', 'https://bank.com/')).toBe(true);
  });

  it('still holds a written-out path to the link’s very address', () => {
    expect(namesAnotherAddress('https://github.com/ours', 'https://github.com/theirs')).toBe(true);
    expect(namesAnotherAddress('https://github.com/Ours', 'https://github.com/Ours')).toBe(false);
  });
});

describe('userinfo in an href', () => {
  it('is dropped, leaving the host the browser would open', () => {
    expect(withoutUserinfo('https://bank.com@evil.com')).toBe('https://evil.com/');
    expect(withoutUserinfo('https://bank.com:secret@evil.com/a?b')).toBe('https://evil.com/a?b');
    expect(withoutUserinfo('https://example.com/a@b')).toBe('https://example.com/a@b');
  });
});

describe('a message with a lying link', () => {
  it('shows the real address instead of a newer top-level domain', () => {
    expect(renderMessage('[mybank.app](https://evil.com)')).toBe(
      shownAs('https://evil.com', 'https://evil.com'),
    );
  });

  it('shows the real address instead of full-width or ideographic dots', () => {
    for (const words of ['ＢＡＮＫ．ＣＯＭ', 'bank。com', 'bank｡com', 'Sign in at bank。com']) {
      expect(renderMessage(`[${words}](https://evil.com)`), words).toBe(
        shownAs('https://evil.com', 'https://evil.com'),
      );
    }
  });

  it('shows the real address instead of words or a title with a hidden character in them', () => {
    expect(renderMessage('[bank.\u200Dcom](https://evil.com)')).toBe(
      shownAs('https://evil.com', 'https://evil.com'),
    );
    expect(renderMessage('[bank.\uFE0Fcom](https://evil.com)')).toBe(
      shownAs('https://evil.com', 'https://evil.com'),
    );
    expect(renderMessage('[x](https://evil.com "bank.&#x200B;com")')).toBe(
      shownAs('https://evil.com', 'x'),
    );
  });

  it('links and shows the real host, never the userinfo, in Markdown and in plain text', () => {
    expect(renderMessage('[bank.com](https://bank.com@evil.com)')).toBe(
      shownAs('https://evil.com/', 'https://evil.com/'),
    );
    expect(renderMessage('[here](https://bank.com@evil.com/x)')).toBe(
      shownAs('https://evil.com/x', 'https://evil.com/x'),
    );
    expect(renderMessage('*go* <https://bank.com@evil.com>')).toBe(
      `<em>go</em> ${shownAs('https://evil.com/', 'https://evil.com/')}`,
    );
    // Without Markdown the link ends before the '@': it opens the site it shows.
    expect(renderMessage('go https://bank.com@evil.com')).toBe(
      `go ${shownAs('https://bank.com', 'https://bank.com')}@evil.com`,
    );
    expect(renderMessage('*go* <https://user:pw@evil.com>')).toBe(
      `<em>go</em> ${shownAs('https://evil.com/', 'https://evil.com/')}`,
    );
  });

  it('keeps honest links as written', () => {
    expect(renderMessage('https://example.com')).toBe(
      shownAs('https://example.com', 'https://example.com'),
    );
    expect(renderMessage('[example.com](https://example.com)')).toBe(
      shownAs('https://example.com', 'example.com'),
    );
    expect(renderMessage('[www.example.com](https://example.com/a)')).toBe(
      shownAs('https://example.com/a', 'www.example.com'),
    );
    expect(renderMessage('[example.com](https://login.example.com)')).toBe(
      shownAs('https://login.example.com', 'example.com'),
    );
    expect(renderMessage('[the docs](https://example.com/docs)')).toBe(
      shownAs('https://example.com/docs', 'the docs'),
    );
  });
});

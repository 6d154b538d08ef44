/**
 * Messages' Markdown, rendered by the server (render-message.ts) in workerd: the everyday subset
 * becomes markup; HTML, script URLs and attribute tricks stay inert text; links are safe; text
 * without Markdown is rendered as before (escaped, linked, line breaks kept); the room list's
 * excerpt reads it as plain text.
 */
import { describe, expect, it } from 'vitest';
import { hasVisibleText, renderMessage } from '../../worker/chat/messages/render-message';
import { toExcerpt } from '../../worker/rooms/excerpt';

const SAFE_LINK = 'target="_blank" rel="noopener noreferrer nofollow"';

/** Every tag the renderer may produce, and the only attributes they may carry. */
const ALLOWED =
  /^<\/?(p|br|strong|em|s|code|pre|ul|ol|li|a)( (href|title|target|rel|class|start)="[^"<>]*")*>$/;

function expectOnlySafeTags(html: string) {
  for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(ALLOWED);
  expect(html).not.toMatch(/<(script|img|iframe|svg|style)/i);
  expect(html).not.toMatch(/href="(?!https?:)/i);
  // Event handlers could only hide as a tag's attribute (a quoted value is only text).
  for (const tag of html.match(/<[^>]*>/g) ?? [])
    expect(tag.replace(/="[^"]*"/g, '')).not.toMatch(/\son\w+/i);
}

describe('Markdown in messages', () => {
  it('renders bold, italics, strikethrough and inline code inline', () => {
    expect(renderMessage('**bold** and *italic* and _also_ and ~~gone~~ and `x < y`')).toBe(
      '<strong>bold</strong> and <em>italic</em> and <em>also</em> and <s>gone</s> and <code>x &lt; y</code>',
    );
  });

  it('renders code blocks with their content escaped', () => {
    const html = renderMessage('```js\n<script>alert(1)</script>\nconst a = "b";\n```');
    expect(html).toBe(
      '<pre><code class="language-js">&lt;script&gt;alert(1)&lt;/script&gt;\nconst a = &quot;b&quot;;\n</code></pre>',
    );
    expectOnlySafeTags(html);
  });

  it('renders lists, numbered lists and line breaks', () => {
    expect(renderMessage('Shopping:\n- milk\n- eggs')).toBe(
      '<p>Shopping:</p>\n<ul>\n<li>milk</li>\n<li>eggs</li>\n</ul>',
    );
    expect(renderMessage('1. one\n2. two')).toBe('<ol>\n<li>one</li>\n<li>two</li>\n</ol>');
    expect(renderMessage('**a**\nb')).toBe('<strong>a</strong><br>b');
    expect(renderMessage('*a*\n\nb')).toBe('<p><em>a</em></p>\n<p>b</p>');
  });

  it('makes links safe: http(s) only, new tab, no opener, no referrer, nofollow', () => {
    expect(renderMessage('[the site](https://example.com/a?b=1&c=2)')).toBe(
      `<a href="https://example.com/a?b=1&amp;c=2" ${SAFE_LINK}>the site</a>`,
    );
    expect(renderMessage('see *this* https://example.com')).toBe(
      `see <em>this</em> <a href="https://example.com" ${SAFE_LINK}>https://example.com</a>`,
    );
  });

  it('never lets a link pass for another address: its words show where it goes', () => {
    // Words naming another site, or another page, become the link's real address.
    expect(renderMessage('[https://bank.example.com/login](https://evil.example.net/phish)')).toBe(
      `<a href="https://evil.example.net/phish" ${SAFE_LINK}>https://evil.example.net/phish</a>`,
    );
    expect(renderMessage('[Sign in at **bank.example.com**](https://evil.example.net)')).toBe(
      `<a href="https://evil.example.net" ${SAFE_LINK}>https://evil.example.net</a>`,
    );
    expect(renderMessage('[https://github.com/ours](https://github.com/theirs)')).toBe(
      `<a href="https://github.com/theirs" ${SAFE_LINK}>https://github.com/theirs</a>`,
    );
    // A title naming another site goes; a plain one stays.
    expect(renderMessage('[x](https://evil.example.net "https://bank.example.com")')).toBe(
      `<a href="https://evil.example.net" ${SAFE_LINK}>x</a>`,
    );
    expect(renderMessage('[x](https://example.com "hello")')).toBe(
      `<a href="https://example.com" title="hello" ${SAFE_LINK}>x</a>`,
    );
    // Honest words are kept: none naming an address, the link's own site or one above it.
    expect(renderMessage('[the docs](https://example.com/docs)')).toBe(
      `<a href="https://example.com/docs" ${SAFE_LINK}>the docs</a>`,
    );
    expect(renderMessage('[bank.example.com](https://login.bank.example.com/a)')).toBe(
      `<a href="https://login.bank.example.com/a" ${SAFE_LINK}>bank.example.com</a>`,
    );
  });

  it('shows an address it links as typed: no character a message may not carry is decoded into it', () => {
    // '%E2%80%AE' is a right-to-left override, which would turn the rest of the line around;
    // '%E2%80%8B' a zero-width space. Messages never carry either (contract/invisible-characters.ts).
    const typed = 'https://example.com/%E2%80%AE';
    expect(renderMessage(`**see** ${typed} and txt.exe`)).toBe(
      `<strong>see</strong> <a href="${typed}" ${SAFE_LINK}>${typed}</a> and txt.exe`,
    );
    expect(renderMessage('*a* <https://example.com/a%E2%80%8Bb>')).toBe(
      `<em>a</em> <a href="https://example.com/a%E2%80%8Bb" ${SAFE_LINK}>https://example.com/a%E2%80%8Bb</a>`,
    );
    // A title's entities decode, but not into an unseen character.
    expect(renderMessage('[x](https://example.com "&#x202E;olleh")')).toBe(
      `<a href="https://example.com" title="olleh" ${SAFE_LINK}>x</a>`,
    );
    // The same address without Markdown: shown as typed there too.
    expect(renderMessage(typed)).toBe(`<a href="${typed}" ${SAFE_LINK}>${typed}</a>`);
  });

  it('never renders a blank message: an empty link shows its address, empty markup the text', () => {
    expect(renderMessage('[](https://example.com/a)')).toBe(
      `<a href="https://example.com/a" ${SAFE_LINK}>https://example.com/a</a>`,
    );
    // A lone list marker is an empty list item and a blank code span shows nothing.
    expect(renderMessage('*')).toBe('*');
    expect(renderMessage('` `')).toBe('` `');
    expect(renderMessage('-\n*')).toBe('-<br>*');
    for (const typed of ['[](https://example.com)', '*', '` `', '-\n*', '1.\n2.']) {
      expect(hasVisibleText(renderMessage(typed)), typed).toBe(true);
    }
  });

  it('tells rendered HTML with text from tags alone', () => {
    expect(hasVisibleText('<ul>\n<li></li>\n</ul>')).toBe(false);
    expect(hasVisibleText('<p><br></p>')).toBe(false);
    expect(hasVisibleText('<b> &nbsp; </b>')).toBe(false);
    expect(hasVisibleText('<b>a</b>')).toBe(true);
    expect(hasVisibleText('&amp;')).toBe(true);
  });

  it('keeps text without Markdown as before: escaped, linked, line breaks kept', () => {
    expect(renderMessage('Hello <b>not bold</b> & "quotes"')).toBe(
      'Hello &lt;b&gt;not bold&lt;/b&gt; &amp; &quot;quotes&quot;',
    );
    expect(renderMessage('one\ntwo https://example.com')).toBe(
      `one<br>two <a href="https://example.com" ${SAFE_LINK}>https://example.com</a>`,
    );
    // Things that are not the subset stay as typed.
    expect(renderMessage('# not a heading')).toBe('# not a heading');
    expect(renderMessage('> not a quote')).toBe('&gt; not a quote');
    expect(renderMessage('&copy; stays')).toBe('&amp;copy; stays');
    expect(renderMessage('**&copy;**')).toBe('<strong>&amp;copy;</strong>');
  });

  describe('hostile input stays inert', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '**<script>alert(1)</script>**',
      '[x](javascript:alert(1))',
      '[x](JAVASCRIPT:alert(1))',
      '[x](  javascript:alert(1))',
      '[x](java\nscript:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[x](vbscript:msgbox(1))',
      '[x](/relative) and [y](//evil.example.net)',
      '<javascript:alert(1)>',
      '*javascript:alert(1)*',
      '![img](https://evil.example.net/x.png)',
      '![img](javascript:alert(1))',
      '[x](https://example.com" onmouseover="alert(1))',
      '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
      '[x"onclick="alert(1)](https://example.com)',
      '```"><img src=x onerror=alert(1)>\ncode\n```',
      '```\n<img src=x onerror=alert(1)>\n```',
      '`<img src=x onerror=alert(1)>`',
      '- <img src=x onerror=alert(1)>\n- <iframe src="https://x">',
      '<a href="javascript:alert(1)">x</a> **b**',
      '[<img src=x onerror=alert(1)>](https://example.com)',
      '<https://example.com/"onmouseover="alert(1)>',
      'https://example.com/"><script>alert(1)</script>',
      '*<style>body{display:none}</style>*',
    ];
    for (const payload of payloads) {
      it(JSON.stringify(payload), () => {
        const html = renderMessage(payload);
        expectOnlySafeTags(html);
        for (const tag of html.match(/<a [^>]*>/g) ?? []) {
          expect(tag).toMatch(
            /^<a href="https?:\/\/[^"]*"( title="[^"]*")? target="_blank" rel="noopener noreferrer nofollow">$/,
          );
        }
      });
    }

    it('shows the script URLs as text, not as links', () => {
      expect(renderMessage('[x](javascript:alert(1))')).toBe('[x](javascript:alert(1))');
      expect(renderMessage('**<script>alert(1)</script>**')).toBe(
        '<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>',
      );
    });
  });

  it('copes with a long message of nested markers quickly', () => {
    const text = '- '.repeat(900) + '\n' + '*a'.repeat(500) + '\n' + '[x]('.repeat(300);
    const started = performance.now();
    const html = renderMessage(text.slice(0, 2000));
    expect(performance.now() - started).toBeLessThan(200);
    expectOnlySafeTags(html);
  });
});

describe("the room list's excerpt", () => {
  it('reads Markdown as plain text: words kept, markup gone, items and lines apart', () => {
    const excerpt = (text: string) => toExcerpt(renderMessage(text)).plainText;
    expect(excerpt('**Hi** _there_ `code`')).toBe('Hi there code');
    expect(excerpt('List:\n- milk\n- eggs')).toBe('List: milk eggs');
    expect(excerpt('```\nconst a = 1;\nconst b = 2;\n```')).toBe('const a = 1; const b = 2;');
    expect(excerpt('[the site](https://example.com) & <b>')).toBe('the site & <b>');
    expect(excerpt('para one\n\npara *two*')).toBe('para one para two');
    // Blocks part words even without the renderer's new lines between them.
    expect(toExcerpt('<ul><li>a</li><li>b</li></ul><pre><code>c</code></pre>').plainText).toBe(
      'a b c',
    );
  });
});

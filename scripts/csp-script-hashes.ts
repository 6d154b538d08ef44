/**
 * A Vite plugin that fails the build when an inline script of index.html (the colour-scheme
 * script, which must run before the first paint) has no 'sha256-…' source in the CSP's
 * script-src in client/public/_headers: the browser would refuse to run it. The message gives
 * the hash to paste. Checked against the built page, so it is the bytes the browser hashes;
 * scripts/prerender-shell.ts checks the prerendered pages again with missingScriptHashes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const HEADERS_FILE = 'client/public/_headers';
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXTERNAL = /\bsrc\s*=/i;
const TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Types the browser runs (and so holds to script-src); any other type is a data block. */
const RUN_TYPES =
  /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/** Whether the browser runs a script with these attributes from its inline text. */
function runsInline(attributes: string): boolean {
  if (EXTERNAL.test(attributes)) return false;
  const type = TYPE.exec(attributes);
  return !type || RUN_TYPES.test((type[1] ?? type[2] ?? type[3] ?? '').trim());
}

/**
 * The 'sha256-…' sources a page's inline scripts need that the headers' CSP lacks: every
 * script the browser would run from its text, whatever its attributes (a `type="module"` one
 * too), never one with a src or a data block.
 */
export function missingScriptHashes(html: string, headers: string): string[] {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attributes]) => runsInline(attributes!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`)
    .filter((hash) => !headers.includes(hash));
}

export function cspScriptHashes(): Plugin {
  return {
    name: 'csp-script-hashes',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const headers = readFileSync(HEADERS_FILE, 'utf8');
      for (const hash of missingScriptHashes(String(page.source), headers)) {
        this.error(
          `index.html has an inline script whose hash is not in script-src of ` +
            `${HEADERS_FILE}: add ${hash}`,
        );
      }
    },
  };
}

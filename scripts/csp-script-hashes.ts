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
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The 'sha256-…' sources a page's inline scripts need that the headers' CSP lacks. */
export function missingScriptHashes(html: string, headers: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`)
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

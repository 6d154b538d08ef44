/**
 * A Vite plugin that emits /sw.js from client/service-worker/sw.js with this build's shell:
 * the built JavaScript and CSS, the static files an installed app needs, the entry script's
 * name (the worker checks that the page it caches is from the same build) and a version that
 * changes whenever any of them does, which names the worker's cache.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const TEMPLATE = 'client/service-worker/sw.js';
const PUBLIC_DIR = 'client/public';
/** Files of client/public the installed app shows without a network. */
const STATIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

export function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const items = Object.values(bundle);
      const entry = items.find((item) => item.type === 'chunk' && item.isEntry);
      if (!entry) this.error('no entry chunk to build the service worker around');
      const assets = items
        .map((item) => item.fileName)
        .filter((name) => /\.(js|css)$/.test(name))
        .sort()
        .map((name) => `/${name}`);
      const version = createHash('sha256');
      const template = readFileSync(TEMPLATE, 'utf8');
      version.update(template);
      for (const name of assets) version.update(name);
      for (const file of STATIC_FILES) version.update(readFileSync(join(PUBLIC_DIR, file)));
      const shell = {
        version: version.digest('hex').slice(0, 12),
        entry: `/${entry.fileName}`,
        files: [...STATIC_FILES, ...assets],
      };
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template.replace(
          'const SHELL = __SHELL__;',
          `const SHELL = ${JSON.stringify(shell)};`,
        ),
      });
    },
  };
}

/**
 * A Vite plugin that prints, after every build, the gzipped JavaScript the landing page loads
 * before anything is lazily imported (the entry chunk and its static imports), and fails the
 * build above the budget: chat, admin, QR and emoji code must stay in lazy chunks.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const BUDGET_BYTES = 150 * 1024;

export function landingWeight(): Plugin {
  return {
    name: 'landing-weight',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((item) => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      visit(entry.fileName);
      const bytes = [...loaded].reduce(
        (sum, name) => sum + gzipSync(chunks.get(name)!.code).length,
        0,
      );
      const kb = (bytes / 1024).toFixed(1);
      console.log(
        `\nLanding page JavaScript: ${kb} KB gzip in ${loaded.size} chunks (budget 150 KB)`,
      );
      if (bytes > BUDGET_BYTES)
        this.error(`the landing page's JavaScript is ${kb} KB gzip, over the 150 KB budget`);
    },
  };
}

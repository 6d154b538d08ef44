/**
 * A Vite plugin that prerenders a visitor's first screens into the built pages, so that a phone
 * paints the page as soon as the HTML has arrived instead of after ~130 KB of JavaScript:
 *
 * - `/` into index.html, `/login` into login.html, `/register` into register.html (static
 *   assets serve /login from login.html; every other path still gets index.html, whose inline
 *   script in client/index.html drops the shell at any other path or for a possible session);
 * - rendered by the real providers and routes (client/prerender-shell.tsx, built for Node by a
 *   second, SSR build), so the app's first render replaces it with the same-looking screen;
 * - the entry's stylesheet (the first screens' Mantine subset, see client/main.tsx) inlined, so
 *   the first paint waits for no other request;
 * - the app's script (its landing code is one chunk: vite.config.ts) fetched and started by
 *   index.html's inline starter once the page has painted, so that the page never shares a
 *   phone's bandwidth with it, and, however fast the network, paints before the app runs;
 * - /login and /register name their route's chunks for the starter to preload beside the app's
 *   script (the app loads that route before its first render).
 *
 * Every inline script of every page must have its hash in the CSP (scripts/csp-script-hashes.ts).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { missingScriptHashes } from './csp-script-hashes.ts';

interface ShellPage {
  path: string;
  file: string;
  /** The route module the page's lazy route loads, relative to client/. */
  route?: string;
}

const PAGES: ShellPage[] = [
  { path: '/', file: 'index.html' },
  { path: '/login', file: 'login.html', route: 'app/routes/auth/login.tsx' },
  { path: '/register', file: 'register.html', route: 'app/routes/auth/register.tsx' },
];
const SSR_ENTRY = 'prerender-shell.tsx';
// Per process: builds running at once (tests, the bench, a deploy) must not share or delete it.
const SSR_OUT_DIR = `node_modules/.cache/prerender-shell-${process.pid}`;
const ROOT_TAG = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/**
 * The top bar's account side (Login and Register, or a Menu button on a phone, with the colour
 * scheme's switch) is not known before the app runs: the shell keeps its place but hides it,
 * as the app itself shows nothing there until it knows the session.
 */
const SHELL_CSS = 'header[data-shell] > :last-child { visibility: hidden; }';

type RenderShell = (path: string) => Promise<string>;

/** The chunk files a dynamically imported module needs, beyond what the entry already loads. */
function chunkClosure(bundle: Rolldown.OutputBundle, fileName: string, skip: Set<string>) {
  const files: string[] = [];
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (skip.has(name) || files.includes(name) || chunk?.type !== 'chunk') return;
    files.push(name);
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return files;
}

async function loadRenderer(root: string): Promise<RenderShell> {
  const outDir = resolve(SSR_OUT_DIR);
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { ssr: SSR_ENTRY, outDir, emptyOutDir: true, copyPublicDir: false, minify: false },
  });
  const module = (await import(pathToFileURL(join(outDir, 'prerender-shell.js')).href)) as {
    renderShell: RenderShell;
  };
  return module.renderShell;
}

export function prerenderShell(): Plugin {
  let root = '';
  let outDir = '';
  /** Per page file, the chunks to preload (its lazy route's). */
  const preloads = new Map<string, string[]>();

  return {
    name: 'prerender-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (!entry) this.error('no entry chunk to prerender the pages around');
      const loaded = new Set(chunkClosure(bundle, entry.fileName, new Set()));
      for (const page of PAGES) {
        if (!page.route) continue;
        const id = resolve(root, page.route);
        const chunk = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId === id,
        );
        if (!chunk) this.error(`no chunk for ${page.route}, the route of ${page.path}`);
        preloads.set(page.file, chunkClosure(bundle, chunk.fileName, loaded));
      }
    },
    async writeBundle() {
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const stylesheet = STYLESHEET.exec(template);
      if (!stylesheet) throw new Error('index.html links no stylesheet to inline');
      const css = await readFile(join(outDir, stylesheet[1]!), 'utf8');
      if (!template.includes(ROOT_TAG)) throw new Error(`index.html has no ${ROOT_TAG}`);
      if (!ENTRY_SCRIPT.test(template)) throw new Error('index.html has no entry script');
      // Anything fetched before the first paint shares the phone's bandwidth with the page.
      if (template.includes('rel="modulepreload"')) {
        throw new Error(
          'index.html preloads chunks: the landing code must be one (vite.config.ts)',
        );
      }
      const headers = await readFile('client/public/_headers', 'utf8');
      try {
        await writePages(await loadRenderer(root), template, css, headers);
      } finally {
        await rm(resolve(SSR_OUT_DIR), { recursive: true, force: true });
      }
      console.log(`Prerendered ${PAGES.map((page) => page.path).join(', ')} into the pages`);
    },
  };

  async function writePages(
    renderShell: RenderShell,
    template: string,
    css: string,
    headers: string,
  ) {
    for (const page of PAGES) {
      const shell = (await renderShell(page.path)).replace('<header', '<header data-shell');
      if (!shell.includes('<h1')) throw new Error(`the prerendered ${page.path} has no <h1>`);
      const routeChunks = (preloads.get(page.file) ?? []).map((file) => `/${file}`).join(' ');
      const html = template
        // A function, so that '$' in the CSS or the markup is never a replacement pattern.
        .replace(STYLESHEET, () => `<style>${css}\n${SHELL_CSS}</style>`)
        .replace(ROOT_TAG, () => `<div id="root" data-shell="${page.path}">${shell}</div>`)
        // Fetched and run once the shell is painted (the inline starter in index.html).
        .replace(
          ENTRY_SCRIPT,
          (_tag, src: string) =>
            `<meta name="app-entry" content="${src}"` +
            (routeChunks ? ` data-preload="${routeChunks}">` : '>'),
        );
      const missing = missingScriptHashes(html, headers);
      if (missing.length > 0) {
        throw new Error(`${page.file} has inline scripts not allowed by the CSP: ${missing}`);
      }
      await writeFile(join(outDir, page.file), html);
    }
  }
}

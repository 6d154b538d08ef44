/**
 * A Vite plugin serving `virtual:mantine-rest-styles`: Mantine's component stylesheets that the
 * first screens' subset (client/main.tsx) does not import, in the order of Mantine's full
 * stylesheet (client/styles-rest.ts loads them beside the app).
 *
 * Loading the full stylesheet there instead repeated the subset's rules, `:root`'s hundreds of
 * variables among them, and redefining those made the browser restyle every element of the
 * page when it arrived (10 to 20 ms on this machine, four times that on Lighthouse's phone).
 *
 * The order is the full stylesheet's, which is each component's file one after another: where
 * two components style one element alike, the later wins, as in Mantine's own. The subset is
 * in the page before all of these; each of its components comes before every one in this list
 * whose rules meet it on one element (a menu's item is an UnstyledButton, a card a Paper), so
 * no tie is decided differently. The app's own styles are outside Mantine's layer and win.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:mantine-rest-styles';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const SUBSET_IMPORT = /import '@mantine\/core\/styles\/([\w-]+)\.layer\.css';/g;

/** Every component's stylesheet name, in the order of Mantine's full stylesheet. */
function mantineOrder(): string[] {
  const full = createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css');
  const whole = readFileSync(full, 'utf8');
  const folder = join(dirname(full), 'styles');
  const placed = readdirSync(folder)
    .filter((file) => file.endsWith('.layer.css'))
    .map((file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      // Each file is `@layer mantine {…}`; the full one holds their bodies in one layer.
      const body = text.slice(text.indexOf('{') + 1, text.lastIndexOf('}')).trim();
      const at = whole.indexOf(body);
      if (at < 0) throw new Error(`${file} is not part of Mantine's full stylesheet`);
      return { name: file.replace(/\.layer\.css$/, ''), at };
    });
  return placed.sort((a, b) => a.at - b.at).map((file) => file.name);
}

export function mantineRestStyles(): Plugin {
  let root = '';
  return {
    name: 'mantine-rest-styles',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const main = resolve(root, 'main.tsx');
      this.addWatchFile(main);
      const subset = new Set(
        [...readFileSync(main, 'utf8').matchAll(SUBSET_IMPORT)].map((match) => match[1]),
      );
      return mantineOrder()
        .filter((name) => !subset.has(name))
        .map((name) => `import '@mantine/core/styles/${name}.layer.css';`)
        .join('\n');
    },
  };
}

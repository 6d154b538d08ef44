// The worker's import graph, `import type` and re-exports counted: circles of files, and pairs of
// folders that import each other, as top-level folders (worker/chat with all beneath it) and as
// directories (worker/chat/room apart from worker/chat/messages). Files at the root (app.ts, the
// entry, the Env types) compose the folders and are no folder. Exits 1 when there is either.
// `node scripts/import-graph.mjs [root]` (default: worker).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'worker');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const graph = new Map();
for (const file of files(root)) {
  const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const edges = new Set();
  for (const match of source.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target && target.startsWith(root + sep)) edges.add(target);
  }
  graph.set(file, edges);
}
// Only the folder's own source files are nodes: an import of a style sheet, an asset or a type
// declaration (`*.module.css`, `*.svg`, `*.d.ts`) resolves to a file that is none.
for (const edges of graph.values()) {
  for (const target of edges) if (!graph.has(target)) edges.delete(target);
}

// Tarjan's strongly connected components: each with more than one file holds a circle.
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of graph.get(v)) {
    if (!state.has(w)) {
      connect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) {
      state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).has(v)) components.push(component);
  }
}
for (const v of graph.keys()) if (!state.has(v)) connect(v);

const name = (file) => relative(root, file);
const topFolder = (file) => {
  const parts = relative(root, file).split(sep);
  return parts.length > 1 ? parts[0] : null;
};
const directory = (file) => {
  const dir = dirname(relative(root, file));
  return dir === '.' ? null : dir;
};

/** Pairs of folders (as `folderOf` names them) that import each other, with an edge each way. */
function mutualPairs(folderOf) {
  const edges = new Map();
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a === null || b === null || a === b) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      const examples = edges.get(a);
      if (!examples.has(b)) examples.set(b, `${name(from)} -> ${name(to)}`);
    }
  }
  const pairs = [];
  for (const [a, targets] of edges) {
    for (const [b, example] of targets) {
      if (a < b && edges.get(b)?.has(a)) pairs.push([a, b, example, edges.get(b).get(a)]);
    }
  }
  return pairs;
}

const topPairs = mutualPairs(topFolder);
const dirPairs = mutualPairs(directory);
console.log(`${graph.size} files under ${relative(process.cwd(), root) || '.'}`);
console.log(`files in a circle: ${components.length} component(s)`);
for (const component of components) console.log(`  ${component.map(name).sort().join(', ')}`);
for (const [label, pairs] of [
  ['top-level folders', topPairs],
  ['directories', dirPairs],
]) {
  console.log(`pairs of ${label} importing each other: ${pairs.length}`);
  for (const [a, b, ab, ba] of pairs) console.log(`  ${a} <-> ${b}   (${ab}; ${ba})`);
}
process.exitCode = components.length + topPairs.length + dirPairs.length > 0 ? 1 : 0;

/**
 * Whether node_modules holds what package-lock.json says, checked the cheap way: every package
 * the lockfile puts on this machine has its package.json at the locked version. Runs on the
 * machine's own Node (20 here) before anything is installed, so Node built-ins only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Answers null when node_modules matches the lockfile, else a few words saying what differs. */
export function packagesOutOfDate(root = process.cwd()) {
  const lock = readJson(join(root, 'package-lock.json'));
  if (!lock) return 'package-lock.json is missing';
  if (!existsSync(join(root, 'node_modules'))) return 'node_modules is missing';
  const manifest = readJson(join(root, 'package.json')) ?? {};
  const wanted = { ...manifest.dependencies, ...manifest.devDependencies };
  for (const name of Object.keys(wanted)) {
    if (!lock.packages?.[`node_modules/${name}`]) return `${name} is not in package-lock.json`;
  }
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === '' || entry.link || !path.includes('node_modules/')) continue;
    const installed = readJson(join(root, path, 'package.json'));
    if (installed?.version === entry.version) continue;
    // An optional package is missing by design when it is for another platform, and may be
    // missing when it failed to build; present, it must be the locked version.
    if (!installed && entry.optional && !(forThisMachine(entry) && (entry.os || entry.cpu))) {
      continue;
    }
    return `${path.slice(path.lastIndexOf('node_modules/') + 13)} is ${
      installed ? installed.version : 'missing'
    }, the lockfile says ${entry.version}`;
  }
  return null;
}

function forThisMachine({ os, cpu, libc }) {
  const matches = (list, value) =>
    !list ||
    list.some((item) => item === value) ||
    (list.every((item) => item.startsWith('!')) && !list.includes(`!${value}`));
  return matches(os, process.platform) && matches(cpu, process.arch) && matches(libc, ownLibc());
}

let libc;
function ownLibc() {
  if (process.platform !== 'linux') return undefined;
  libc ??= process.report?.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
  return libc;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

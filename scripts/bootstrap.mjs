/**
 * Runs before `npm start`, `npm test`, `npm run dev` and `npm run bench` (their pre scripts):
 * installs what they need when it is missing, so a fresh clone needs no other command.
 *
 * - npm packages: `npm ci` when node_modules is missing, `npm install` when it differs from
 *   package-lock.json. This runs on the machine's own Node (the Node 22 that wrangler and
 *   vitest need comes with the packages), so it uses Node built-ins only.
 * - with --browser: Debian's Chromium at /usr/bin/chromium for the browser tests, through apt
 *   when running as root; otherwise it says the command to run. No browser is downloaded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { packagesOutOfDate } from './lib/installed-packages.mjs';

const CHROMIUM = '/usr/bin/chromium';
const APT_PACKAGES = ['chromium', 'fonts-liberation'];

const why = packagesOutOfDate();
if (why) {
  const fresh = why === 'node_modules is missing';
  console.log(`${why}: running npm ${fresh ? 'ci' : 'install'}`);
  const ok = npm(fresh ? 'ci' : 'install') || (fresh && npm('install'));
  if (!ok) fail('installing the npm packages failed (output above)');
}

if (process.argv.includes('--browser') && !existsSync(CHROMIUM)) {
  const command = `apt-get update && apt-get install -y ${APT_PACKAGES.join(' ')}`;
  const canInstall = process.getuid?.() === 0 && commandExists('apt-get');
  if (!canInstall)
    fail(`The browser tests need Debian's Chromium at ${CHROMIUM}: run sudo sh -c '${command}'`);
  console.log(`${CHROMIUM} is missing: ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    run('apt-get', ['update', '-qq'], env) &&
    run('apt-get', ['install', '-y', '-qq', ...APT_PACKAGES], env);
  if (!ok || !existsSync(CHROMIUM)) fail(`installing Chromium failed; run: ${command}`);
}

/** The npm that runs this script (npm sets npm_execpath), else the one on PATH. */
function npm(command) {
  const args = [command, '--no-audit', '--no-fund'];
  const cli = process.env.npm_execpath;
  return cli && cli.endsWith('.js') ? run(process.execPath, [cli, ...args]) : run('npm', args);
}

function run(command, args, env = process.env) {
  return spawnSync(command, args, { stdio: 'inherit', env }).status === 0;
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

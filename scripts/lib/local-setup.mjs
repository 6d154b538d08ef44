// Shared steps of the local scripts: a signing secret, the local database, child processes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Extra wrangler flags: a separate state folder when WRANGLER_PERSIST_DIR is set (tests). */
export const persistFlags = process.env.WRANGLER_PERSIST_DIR
  ? ['--persist-to', process.env.WRANGLER_PERSIST_DIR]
  : [];

/** Local runs sign sessions with a random secret kept in .dev.vars (never committed). */
export function ensureDevVars(path = '.dev.vars') {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (/^JWT_SECRET=/m.test(current)) return;
  const secret = randomBytes(48).toString('base64url');
  const separator = current && !current.endsWith('\n') ? '\n' : '';
  writeFileSync(path, `${current}${separator}JWT_SECRET=${secret}\n`);
  console.log(`Generated a session signing secret in ${path}`);
}

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export function applyLocalMigrations() {
  // CI=true keeps wrangler from asking for a confirmation nobody is there to give.
  return run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistFlags], {
    env: { ...process.env, CI: 'true' },
  });
}

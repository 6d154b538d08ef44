// Shared steps of the local scripts: a signing secret, the local database, child processes.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Extra wrangler flags: a separate state folder when WRANGLER_PERSIST_DIR is set (tests). */
export const persistFlags = process.env.WRANGLER_PERSIST_DIR
  ? ['--persist-to', process.env.WRANGLER_PERSIST_DIR]
  : [];

/**
 * Local runs sign sessions with a random secret kept in .dev.vars (never committed), and sign
 * Web Push with a VAPID key pair kept there too (docs/push.md).
 */
export function ensureDevVars(path = '.dev.vars') {
  let current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const append = (lines) => {
    const separator = current && !current.endsWith('\n') ? '\n' : '';
    current = `${current}${separator}${lines}`;
    writeFileSync(path, current);
  };
  if (!/^JWT_SECRET=/m.test(current)) {
    append(`JWT_SECRET=${randomBytes(48).toString('base64url')}\n`);
    console.log(`Generated a session signing secret in ${path}`);
  }
  if (!/^VAPID_PUBLIC_KEY=/m.test(current) || !/^VAPID_PRIVATE_KEY=/m.test(current)) {
    const { publicKey, privateKey } = newVapidKeys();
    append(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\n`);
    console.log(`Generated a VAPID key pair for Web Push in ${path}`);
  }
}

/**
 * A P-256 key pair as the worker reads it (worker/push/push-config.ts): the public key as
 * base64url of the 65-byte uncompressed point, the private key as base64url of its scalar d.
 */
export function newVapidKeys() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
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

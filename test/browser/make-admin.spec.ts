/**
 * `npm run make-admin` while the local server runs: the server writes the same SQLite file,
 * so the script can meet a locked database. It must wait its turn, not fail.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { STATE_DIR } from '../support/paths';

const D1_FOLDER = join(STATE_DIR, 'v3', 'd1', 'miniflare-D1DatabaseObject');

test('make-admin waits out a database another process holds locked', async () => {
  const { client, account } = await newSignedInClient('Waiting');
  expect((await client.call('/admin/stats')).status).toBe(403);

  const [file] = readdirSync(D1_FOLDER).filter((name) => /^[0-9a-f]{64}\.sqlite$/.test(name));
  const holder = new DatabaseSync(join(D1_FOLDER, file!));
  holder.exec('BEGIN IMMEDIATE');
  const script = spawn('npm', ['run', 'make-admin', '--', account.email], {
    env: { ...process.env, WRANGLER_PERSIST_DIR: STATE_DIR },
  });
  const exited = once(script, 'exit');
  let stdout = '';
  let stderr = '';
  script.stdout.on('data', (chunk) => (stdout += chunk));
  // The lock is held until the script has met it at least once.
  const metTheLock = new Promise<void>((resolve) =>
    script.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('The database is busy')) resolve();
    }),
  );
  await Promise.race([metTheLock, exited]);
  holder.exec('COMMIT');
  holder.close();

  const [code] = await exited;
  expect(stderr).toContain('The database is busy');
  expect(code, stderr).toBe(0);
  expect(stdout).toContain(`${account.email} is now an administrator.`);
  expect((await client.call('/admin/stats')).status).toBe(200);
});

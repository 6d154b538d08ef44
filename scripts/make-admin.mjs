// `npm run make-admin -- <email> [--remote]`: give an existing account the admin role.
import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { persistFlags } from './lib/local-setup.mjs';

const args = process.argv.slice(2);
const remote = args.includes('--remote');
const email = args
  .find((arg) => !arg.startsWith('--'))
  ?.trim()
  .toLowerCase();
if (!email || !/^[^\s@']+@[^\s@']+\.[^\s@']+$/.test(email)) {
  console.error('Usage: npm run make-admin -- <email> [--remote]');
  process.exit(1);
}

const execFileAsync = promisify(execFile);
const target = remote ? ['--remote'] : ['--local', ...persistFlags];
// The email was checked above to hold no quote, so it is safe inside the SQL string.
const sql = `UPDATE users SET role = 'admin' WHERE email = '${email}' RETURNING email`;
const execute = ['d1', 'execute', 'DB', ...target, '--json', '--command', sql];
const output = await executeWithRetry(execute);
// RETURNING rather than meta.changes, which the local database does not report.
const updated = JSON.parse(output)[0]?.results ?? [];
if (updated.length === 0) {
  console.error(`No account with the email ${email}. Register it first, then run this again.`);
  process.exit(1);
}
console.log(`${email} is now an administrator.`);

/**
 * A running local server (`npm start`) writes the same SQLite file, so a lone UPDATE can meet
 * "database is locked" for a moment; the update is idempotent, so it is simply tried again.
 */
async function executeWithRetry(args, attempts = 8) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { stdout } = await execFileAsync('wrangler', args, {
        encoding: 'utf8',
        env: { ...process.env, CI: 'true' },
      });
      return stdout;
    } catch (error) {
      const locked = /SQLITE_BUSY|database is locked/.test(`${error.stdout}${error.stderr}`);
      if (!locked || attempt === attempts) throw error;
      // 0.25 s, 0.5 s, 1 s, then 2 s each: about ten seconds in all, past any write of the server.
      const delay = Math.min(250 * 2 ** (attempt - 1), 2000);
      console.error(`The database is busy (the running server?); trying again in ${delay} ms.`);
      await sleep(delay);
    }
  }
}

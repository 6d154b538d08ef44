// `npm run make-admin -- <email> [--remote]`: give an existing account the admin role.
import { execFileSync } from 'node:child_process';
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

const target = remote ? ['--remote'] : ['--local', ...persistFlags];
// The email was checked above to hold no quote, so it is safe inside the SQL string.
const sql = `UPDATE users SET role = 'admin' WHERE email = '${email}' RETURNING email`;
const output = execFileSync(
  'wrangler',
  ['d1', 'execute', 'DB', ...target, '--json', '--command', sql],
  { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
);
// RETURNING rather than meta.changes, which the local database does not report.
const updated = JSON.parse(output)[0]?.results ?? [];
if (updated.length === 0) {
  console.error(`No account with the email ${email}. Register it first, then run this again.`);
  process.exit(1);
}
console.log(`${email} is now an administrator.`);

// `npm run dev`: wrangler serves /api and /socket.io on 8787; Vite serves the SPA with hot
// reload on 5173 and proxies those paths to wrangler.
import { spawn } from 'node:child_process';
import { applyLocalMigrations, ensureDevVars } from './lib/local-setup.mjs';

ensureDevVars();
await applyLocalMigrations();
const children = [
  spawn('wrangler', ['dev', '--port', '8787', '--show-interactive-dev-session=false'], {
    stdio: 'inherit',
  }),
  spawn('vite', [], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
console.log('Open http://localhost:5173 (hot reload); the API runs on http://localhost:8787');

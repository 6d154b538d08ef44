/**
 * A server run as a child in its own process group, so that stopping it also stops what it
 * started (start.mjs runs wrangler, which runs workerd). Its output goes to a log file, not the
 * terminal: the last lines are shown only when it fails.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from '../lib/async.mjs';
import { stateDir } from '../lib/state-dir.mjs';

const KEPT_LINES = 40;

/**
 * @param {string} label
 * @param {string[]} args
 * @param {{ env: Record<string, string>, cwd?: string, logName: string }} options
 */
export function spawnServer(label, args, { env, cwd, logName }) {
  const child = spawn(process.execPath, args, {
    cwd,
    // Miniflare keeps what is not persisted (the peer's rooms) under the temp folder.
    env: { ...process.env, TMPDIR: stateDir(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = join(
    tmpdir(),
    `${logName}-${new Date().toISOString().replace(/[:.]/g, '-')}.log`,
  );
  const log = createWriteStream(logFile);
  const lines = [];
  const keep = (chunk) => {
    log.write(chunk);
    lines.push(...String(chunk).split('\n').filter(Boolean));
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = child.exitCode !== null;
  child.on('exit', () => {
    exited = true;
    log.end();
  });

  return {
    label,
    child,
    logFile,
    get exited() {
      return exited;
    },
    output: () => lines.join('\n'),
    /** Ends the whole process group: politely first, then for good. */
    async stop() {
      for (const signal of ['SIGTERM', 'SIGKILL']) {
        if (exited) return;
        try {
          process.kill(-(/** @type {number} */ (child.pid)), signal);
        } catch {
          return; // the group is already gone
        }
        for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      }
    },
  };
}

/** Polls `probe` (answers true when ready) until the server is up, exits, or time runs out. */
export async function waitReady(server, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited) throw new Error(`${server.label} exited:\n${server.output()}`);
    if (await probe().catch(() => false)) return;
    await sleep(500);
  }
  throw new Error(`${server.label} not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * A comparison server (the baseline, the workerd floor, the peer): a Node script run on its own port,
 * ready once it prints `readyText`. Answers the target the scenarios drive.
 * @param {{ name: string, label: string, script: string, host: string, port: number,
 *   readyText: string, readyTimeoutMs: number, cwd?: string, args?: string[] }} options
 */
export async function startScriptServer(options) {
  const { name, label, script, host, port, readyText, readyTimeoutMs, cwd, args = [] } = options;
  const server = spawnServer(label, [script, ...args], {
    cwd,
    env: { PORT: String(port) },
    logName: `chat-bench-${name}`,
  });
  try {
    await waitReady(server, async () => server.output().includes(readyText), readyTimeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    name,
    origin: `http://${host}:${port}`,
    host,
    port,
    stop: () => server.stop(),
    pid: server.child.pid,
    logFile: server.logFile,
  };
}

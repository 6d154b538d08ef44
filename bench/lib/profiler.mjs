/**
 * `--profile`: a V8 CPU profile of our worker's isolate (the worker and every room object)
 * while a scenario's traffic runs, and a sampling profile of what it allocates (garbage
 * collections make the tail), through the inspector workerd opens when INSPECTOR_PORT is set.
 * It finds the inspector among the ports the server's process group listens on (Linux `ss`).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { withTimeout } from './async.mjs';

const CALL_TIMEOUT_MS = 30_000;
const TOP = 15;

async function findInspector(pgid) {
  const pids = execFileSync('pgrep', ['-g', String(pgid)])
    .toString()
    .trim()
    .split('\n');
  const listening = execFileSync('ss', ['-ltnpH']).toString().split('\n');
  const addresses = listening
    .filter((line) => pids.some((pid) => line.includes(`pid=${pid},`)))
    .map((line) => line.trim().split(/\s+/)[3]);
  for (const address of addresses) {
    const targets = await fetch(`http://${address}/json`, { signal: AbortSignal.timeout(1000) })
      .then((response) => response.json())
      .catch(() => []);
    // workerd lists one target per worker; ours is the one named after wrangler.toml's name.
    const found = targets.find?.(
      (t) => /core:user:chat-rooms$/.test(t.title) && t.webSocketDebuggerUrl,
    );
    if (found) return found.webSocketDebuggerUrl;
  }
  throw new Error('no inspector found among the server ports');
}

/** Starts profiling; answers `stop(label)`, which saves the profile and prints the top. */
export async function startProfile(pgid) {
  const ws = new WebSocket(await findInspector(pgid));
  await withTimeout(
    new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject)),
    CALL_TIMEOUT_MS,
    'the inspector',
  );
  let nextId = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const call = (method, params = {}) => {
    const id = ++nextId;
    ws.send(JSON.stringify({ id, method, params }));
    return withTimeout(new Promise((resolve) => pending.set(id, resolve)), CALL_TIMEOUT_MS, method);
  };
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 200 });
  await call('HeapProfiler.enable');
  // A sample every 32 KB allocated on average, kept even once collected: what the message
  // path allocates, not only what is still alive at the end.
  await call('HeapProfiler.startSampling', {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await call('Profiler.start');
  return async (label) => {
    try {
      const { profile } = await call('Profiler.stop');
      const base = join(tmpdir(), `chat-bench-${label.replace(/\W+/g, '-')}`);
      writeFileSync(`${base}.cpuprofile`, JSON.stringify(profile));
      printTop(profile, `${base}.cpuprofile`);
      const { profile: heap } = await call('HeapProfiler.stopSampling');
      writeFileSync(`${base}.heapprofile`, JSON.stringify(heap));
      printAllocators(heap, `${base}.heapprofile`);
      // What a major collection has to walk: the live heap, after a full collection.
      await call('HeapProfiler.collectGarbage');
      const { usedSize, totalSize } = await call('Runtime.getHeapUsage');
      const mb = (size) => (size / 2 ** 20).toFixed(1);
      console.log(
        `    heap after a full collection: ${mb(usedSize)} MB used of ${mb(totalSize)} MB`,
      );
    } finally {
      ws.close();
    }
  };
}

/** Bytes allocated by function (sampled, so estimates), with the caller that led there. */
function printAllocators(heap, file) {
  const bytes = new Map();
  const visit = (node, caller) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    if (node.selfSize > 0) {
      const key = `${name} < ${caller}`;
      bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children ?? []) visit(child, functionName || '(anonymous)');
  };
  visit(heap.head, '(root)');
  const total = [...bytes.values()].reduce((sum, size) => sum + size, 0);
  const mb = (size) => (size / 2 ** 20).toFixed(1);
  console.log(`    allocations (${mb(total)} MB sampled) saved to ${file}; top allocators:`);
  for (const [key, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(
      `      ${mb(size).padStart(6)} MB ${((size / total) * 100).toFixed(0).padStart(3)}%  ${key}`,
    );
  }
}

/** Self time by function: natives (SQL `exec`, `send`) count in their JS caller or by name. */
function printTop(profile, file) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`    profile (${Math.round(total)} ms sampled) saved to ${file}; top self time:`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(
      `      ${String(Math.round(ms)).padStart(6)} ms ${((ms / total) * 100).toFixed(0).padStart(3)}%  ${key}`,
    );
  }
}

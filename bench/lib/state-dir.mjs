/**
 * Where the servers keep their throwaway state (our database and rooms, the peer's rooms): in
 * memory (/dev/shm) when the machine has it, else the system's temp folder; BENCH_STATE_DIR
 * chooses another. Memory by default because locally every room's storage commits and D1's
 * share the one thread that runs the isolates, and on a shared VM's disk one slow flush stalls
 * every room at once: the many-rooms p99 of one build measured 257 ms on disk and 71 ms in
 * memory (bench/results/2026-11-29.md). On Cloudflare a commit is a replicated write behind the
 * output gate and holds no thread. The floor stores nothing either way. The worker tests keep
 * their databases in the same place for the same reason (vitest.worker.config.ts).
 */
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';

const MEMORY = '/dev/shm';

export function stateDir() {
  return process.env.BENCH_STATE_DIR || memoryDir(tmpdir());
}

/**
 * A folder in memory (Linux's `/dev/shm`) when the machine has one, else `fallback`.
 * @param {string} fallback
 * @returns {string}
 */
export function memoryDir(fallback) {
  try {
    accessSync(MEMORY, constants.W_OK);
    return MEMORY;
  } catch {
    return fallback;
  }
}

import { accessSync, constants } from 'node:fs';

const MEMORY = '/dev/shm';

/**
 * A folder in memory (Linux's `/dev/shm`) when the machine has one, else `fallback`. The tests'
 * Durable Objects and D1 are SQLite files that sync on every commit: on a disk, those syncs were
 * most of a test's wait (the 5,000-room broadcast took 103 s there, 54 s in memory). The
 * databases are thrown away after the run, so nothing is lost by keeping them off the disk.
 */
export function memoryDir(fallback: string): string {
  try {
    accessSync(MEMORY, constants.W_OK);
    return MEMORY;
  } catch {
    return fallback;
  }
}

/**
 * CPU time used by a server's whole process group (Linux /proc; elsewhere NaN), so a row can
 * say how much work each server did for the same load, not only how fast it answered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from './async.mjs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU milliseconds so far of each live process of the group, by pid (empty off Linux). */
export function groupCpu(pgid) {
  const byPid = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
    byPid.set(entry, (ticks * 1000) / TICKS_PER_SECOND);
  }
  return byPid;
}

/**
 * CPU milliseconds the group used since `before` (a groupCpu answer). A process that ended
 * meanwhile takes its last slice with it, so a crash makes this an undercount, never negative.
 */
export function cpuSince(pgid, before) {
  const now = groupCpu(pgid);
  if (now.size === 0) return NaN;
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Waits until the group (or each of several groups, in the same window) uses less than `share`
 * of a core over `windowMs` (a server still busy with the last scenario's leaves would slow the
 * next one), at most `timeoutMs`.
 */
export async function waitForIdle(
  /** @type {number | number[]} */ pgids,
  { share = 0.15, windowMs = 500, timeoutMs = 60_000 } = {},
) {
  const groups = Array.isArray(pgids) ? pgids : [pgids];
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const before = groups.map((pgid) => groupCpu(pgid));
    if (before.every((cpu) => cpu.size === 0)) break;
    await sleep(windowMs);
    // A group that has ended (NaN) is idle too.
    const busy = (pgid, i) => cpuSince(pgid, before[i]) >= share * windowMs;
    if (!groups.some(busy)) break;
  }
  return performance.now() - started;
}

/**
 * waitForIdle, saying in the log when it took over a second: a server still busy before a
 * pass is worth knowing when its figures are read.
 */
export async function waitForIdleLogged(/** @type {number | number[]} */ pgids) {
  const waited = await waitForIdle(pgids);
  const who = Array.isArray(pgids) ? 'every server' : 'the server';
  if (waited > 1000) console.log(`    waited ${Math.round(waited)} ms for ${who} to idle`);
}

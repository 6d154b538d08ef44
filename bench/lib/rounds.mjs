/**
 * Rounds: a socket scenario runs against both servers several times, alternating which goes
 * first, and the table reports each figure's median over the rounds (failures summed). On a
 * shared machine one pass of a server can differ widely from the next; pairing passes in time
 * and taking medians keeps a slow moment from deciding a ratio. Each pass starts once every
 * server is idle, not only the one about to run: a server that has just served a pass is still
 * closing its thousand sockets, and when only the next server was waited for, the baseline's
 * connect storm was much slower after our pass than after the floor's, so it measured which
 * server went before it. With the workerd floor and the peer (`--floor`), the order reverses
 * the same way, so ours and the peer take turns going first.
 */
import { waitForIdleLogged } from './cpu.mjs';

/** Runs `runOn(target, round)` for every target in every round; answers each one's results. */
export async function inRounds(rounds, targets, runOn) {
  const pids = targets.map((target) => target.pid);
  const results = Object.fromEntries(targets.map((target) => [target.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      console.log(`  round ${round + 1} of ${rounds}: ${target.name}`);
      await waitForIdleLogged(pids);
      results[target.name].push(await runOn(target, round));
    }
  }
  return results;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One row's figures: `fn` of each round's result, as the median of the rounds, or their sum
 * (`'sum'`, for counts of what went wrong: one lost message in any round must show).
 */
export function figures(results, fn, how = 'median') {
  const over = (list) => {
    const values = list.map(fn).filter((value) => typeof value === 'number');
    if (values.length === 0) return undefined;
    return how === 'sum' ? values.reduce((sum, value) => sum + value, 0) : median(values);
  };
  // ours, baseline, and with `--floor` the floor and the peer: whichever servers ran.
  return Object.fromEntries(Object.entries(results).map(([name, list]) => [name, over(list)]));
}

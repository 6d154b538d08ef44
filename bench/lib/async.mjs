/** Small async helpers: every wait here has a deadline and every loop a bound. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `condition` until it holds or `timeoutMs` passes; answers whether it held. */
export async function waitUntil(condition, timeoutMs, stepMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(stepMs);
  }
  return true;
}

/** Maps `items` through `fn` with at most `limit` calls in flight, results in input order. */
export async function mapLimit(items, limit, fn, onDone) {
  const results = new Array(items.length);
  let next = 0;
  let done = 0;
  async function lane() {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
      onDone?.(++done, items.length);
    }
  }
  const lanes = Math.max(1, Math.min(limit, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

/** A progress callback for mapLimit that prints about every tenth of the way (long jobs only). */
export function progress(label) {
  let printed = -1;
  const started = Date.now();
  return (done, total) => {
    if (total < 100 && done !== total) return;
    const tenth = Math.floor((done / total) * 10);
    if (tenth === printed && done !== total) return;
    printed = tenth;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`  ${label}: ${done}/${total} (${seconds} s)`);
  };
}

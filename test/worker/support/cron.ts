import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import worker from '../../../worker/index';

/**
 * Runs the worker's cron trigger (`cron`: the hourly one's schedule; none: the daily prune)
 * and waits for everything it handed to waitUntil.
 */
export async function runCron(cron?: string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(cron === undefined ? {} : { cron }), env, ctx);
  await waitOnExecutionContext(ctx);
}

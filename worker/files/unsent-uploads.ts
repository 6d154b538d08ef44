/**
 * The hourly clean-up of uploads never sent: a sendMessage may name an upload for
 * UPLOAD_UNSENT_MAX_MS (22 hours), and one still unsent at UPLOAD_REMOVED_AFTER_MS (23 hours) is
 * removed within the next hour, so within a day of its upload. Up to 10,000 an hour; any more wait for the next run.
 */
import { UPLOAD_REMOVED_AFTER_MS } from '../../contract/files';
import { removeUnsentBefore } from './remove-files';

const ROUNDS = 10;

/**
 * The hourly cron of wrangler.toml that runs it (the other one is the daily prune). Not in
 * worker/index.ts: workerd takes every export of the main module for an entrypoint, and
 * refuses to start on one that is a string.
 */
export const HOURLY_CRON = '23 * * * *';

export function removeUnsentUploads(env: Env, now = Date.now()) {
  return removeUnsentBefore(env, now - UPLOAD_REMOVED_AFTER_MS, ROUNDS);
}

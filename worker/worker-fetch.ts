import { app } from './app';
import { answerD1Meter, meterEnv } from './db/d1-meter';

/**
 * The worker's answer to a request for /api/* or /socket.io/* (every other path is a static
 * asset). meterEnv is the benchmark's D1 meter (worker/db/d1-meter.ts): it hands back the env
 * it is given unless the D1_METER variable is set, which only the bench's server does.
 */
export function workerFetch(request: Request, env: Env, ctx: ExecutionContext) {
  return answerD1Meter(request, env) ?? app.fetch(request, meterEnv(env), ctx);
}

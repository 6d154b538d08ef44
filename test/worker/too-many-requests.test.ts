import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../worker/app-env';
import { ApiError } from '../../worker/http/api-error';
import { tooManyRequests } from '../../worker/security/guards';

/** The refusal's words and Retry-After for a wait of `seconds`. */
async function refusalFor(seconds: number) {
  const app = new Hono<AppEnv>()
    .get('/', (c) => tooManyRequests(c, seconds))
    .onError((error, c) => c.json({ error: error.message }, (error as ApiError).status as 429));
  const response = await app.request('/');
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    error: ((await response.json()) as { error: string }).error,
  };
}

describe('a 429 says how long to wait in words', () => {
  it('one second, not "1 seconds"', async () => {
    expect(await refusalFor(1)).toEqual({
      status: 429,
      retryAfter: '1',
      error: 'Too many attempts. Please try again in 1 second.',
    });
  });

  it('seconds below a minute, minutes from one up', async () => {
    expect((await refusalFor(30)).error).toBe('Too many attempts. Please try again in 30 seconds.');
    expect((await refusalFor(60)).error).toBe('Too many attempts. Please try again in 1 minute.');
    expect((await refusalFor(61)).error).toBe('Too many attempts. Please try again in 2 minutes.');
  });
});

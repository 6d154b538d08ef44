import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/app';

describe('a worker deployed without JWT_SECRET', () => {
  it('answers 500 with a clear error and log line instead of signing with a default', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request(
      '/api/auth/login/current',
      { headers: { Cookie: 'session=a.b.c' } },
      { ...env, JWT_SECRET: undefined },
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'The server is not configured to sign sessions' });
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/JWT_SECRET/);
    errors.mockRestore();
  });
});

/**
 * An account deleted (from another tab, or by its cascade) while one of its own requests is
 * between its checks and its write: the write's reference to the account fails in D1, and the
 * answer must say so (409: asked again, it finds the account gone), not 'Internal server error'.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { CHANGED_MEANWHILE } from '../../worker/error-handler';
import { ORIGIN, signedInClient } from './support/api';
import { d1BeforeBatch } from './support/held-d1';

async function resendWhileDeleted(cookie: string, userId: string) {
  const ctx = createExecutionContext();
  const DB = d1BeforeBatch(async () => {
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(userId).run();
  });
  const res = await app.request(
    `${ORIGIN}/api/auth/verify-email/resend`,
    { method: 'POST', headers: { Origin: ORIGIN, Cookie: cookie } },
    { ...env, DB },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('an account deleted in the middle of its own request', () => {
  it('is told it changed meanwhile, not given a 500, and asking again finds it signed out', async () => {
    const { client, user } = await signedInClient();
    const res = await resendWhileDeleted(client.cookie, user.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: CHANGED_MEANWHILE });
    expect((await client.call('/auth/verify-email/resend', { method: 'POST' })).status).toBe(401);
  });
});

/** Every route, fed what no honest client sends: a 4xx with a JSON error, never a 5xx. */
import { describe, expect, it } from 'vitest';
import { signedInClient, type Client } from './support/api';
import { signedInAdmin } from './support/admin';
import { createRoom } from './support/rooms';

const ROUTES: [string, string][] = [
  ['POST', '/auth/login'],
  ['POST', '/auth/register'],
  ['POST', '/auth/reset-password/forgot'],
  ['POST', '/auth/reset-password/reset'],
  ['POST', '/auth/settings/verify'],
  ['PUT', '/auth/settings/email'],
  ['PUT', '/user/profile/email'],
  ['DELETE', '/auth/settings/account'],
  ['POST', '/join'],
  ['POST', '/rooms/ROOM/kick'],
  ['POST', '/admin/broadcast'],
  ['POST', '/admin/join/ROOM'],
  ['POST', '/admin/security/unblock'],
  // Last: it ends the session the routes above are called with.
  ['POST', '/auth/logout'],
];

const BODIES: [string, { rawBody?: string; body?: unknown; headers?: Record<string, string> }][] = [
  ['invalid JSON', { rawBody: '{"email": "a@b.co",' }],
  ['a JSON array', { body: [1, 2, 3] }],
  ['JSON null', { rawBody: 'null' }],
  [
    'wrong types',
    {
      body: {
        email: 1,
        password: {},
        nickname: [],
        roomId: 5,
        roomName: true,
        targetUserId: 7,
        message: 9,
        ip: null,
        token: 3,
        newPassword: 4,
      },
    },
  ],
  ['missing fields', { body: {} }],
  [
    'a 1 MB body',
    { rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }) },
  ],
  [
    'a form body',
    { rawBody: 'email=a@b.co', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  ],
];

async function expectClientError(
  client: Client,
  method: string,
  path: string,
  options: object,
  label: string,
) {
  const res = await client.call(path, { method, ...options });
  expect(
    res.status,
    `${method} ${path} with ${label}: ${JSON.stringify(res.body)}`,
  ).toBeGreaterThanOrEqual(200);
  expect(res.status, `${method} ${path} with ${label}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body.error, `${method} ${path} with ${label}`).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  }
}

describe('hostile HTTP input', () => {
  it('gets a JSON 4xx from every route, signed in as an admin', async () => {
    const admin = await signedInAdmin();
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client);
    for (const [method, template] of ROUTES) {
      for (const [label, options] of BODIES) {
        await expectClientError(
          admin.client,
          method,
          template.replace('ROOM', roomId),
          options,
          label,
        );
      }
      // Still signed in: the hostile bodies were refused, not half-applied.
      if (!template.includes('logout'))
        expect((await admin.client.call('/auth/login/current')).status).toBe(200);
    }
  });

  it('answers unknown routes and methods with a JSON 404', async () => {
    const { client } = await signedInClient();
    for (const [method, path] of [
      ['GET', '/nope'],
      ['DELETE', '/rooms'],
      ['PATCH', '/auth/login'],
      ['GET', '/admin/../../etc/passwd'],
    ] as const) {
      const res = await client.call(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    }
  });
});

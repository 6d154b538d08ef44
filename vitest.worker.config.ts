import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { tmpdir } from 'node:os';
import { defineConfig } from 'vitest/config';
import { memoryDir } from './bench/lib/state-dir.mjs';

// Miniflare keeps the tests' D1 and Durable Object storage under the temporary folder: in
// memory unless one was chosen. Every commit syncs a SQLite file, and on a disk those syncs were
// most of the wait (the 5,000-room broadcast took 103 s there, 54 s in memory); the databases
// are thrown away after the run, so nothing is lost by keeping them off the disk.
process.env.TMPDIR ??= memoryDir(tmpdir());

// Worker tests run inside workerd with the real D1 and Durable Objects of wrangler.toml.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          JWT_SECRET: 'test-secret-that-is-long-enough-to-sign-0123456789',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
          // Web Push (docs/push.md): a key pair for tests only, and http endpoints on this
          // machine accepted, where the tests' push service runs (test/support/push-service.ts).
          VAPID_PUBLIC_KEY:
            'BAJaSMDZiNUVc9p2viEHXrTRpIw8PE8sDqvDMLbkR5_uwa3UteAYMqi4FKszveICd7eagamC3byzBR7dMXQntHg',
          VAPID_PRIVATE_KEY: 'upKbWz5muqJ4-iXkA_NdbtAcaygXUNfp4PJwluxI-Ig',
          LOCAL_PUSH_ENDPOINTS: true,
        },
      },
    })),
  ],
  test: {
    include: ['test/worker/**/*.test.ts'],
    setupFiles: ['./test/worker/apply-migrations.ts'],
    globalSetup: ['./test/support/push-service.global.ts'],
    // A test that signs people in (PBKDF2) and opens sockets takes 1 to 2 s alone, and past
    // vitest's 5 s default on a loaded 2-core machine; a hang still fails, after 20 s.
    testTimeout: 20_000,
    // vitest's default is one file at a time on a 2-core machine (cores − 1), but a file spends
    // most of its time starting its runtime and waiting on sockets and timers: two at once took
    // the suite from 826 s to 494 s on the CI-class machine, three to 394 s (the slowest test
    // under its 20 s limit, 12.8 s, was 11.4 s with two), every test still passing.
    maxWorkers: 3,
  },
});

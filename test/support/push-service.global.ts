/**
 * vitest globalSetup of the worker tests: starts the tests' push service (push-service.ts) and
 * provides its url as `pushService` (test/worker/push*.test.ts read it with inject).
 */
import type { TestProject } from 'vitest/node';
import { startPushService } from './push-service';

declare module 'vitest' {
  export interface ProvidedContext {
    pushService: string;
  }
}

export default async function setup(project: TestProject) {
  const { url, server } = await startPushService();
  project.provide('pushService', url);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

import { beforeEach, expect, vi, type MockInstance } from 'vitest';
import { ChunkLoadError } from '../../client/lib/lazy-with-retry';

/**
 * For tests of lazy chunks that fail to load: quiets the console (React reports each caught
 * error; the tests read the screen instead) and gives a wait until a QuietBoundary has caught
 * the failed import. Not a fixed wait: on a loaded machine the failure can reach the boundary
 * after what the test plays next (the network's return), and the boundary would then wait for
 * another return that never comes. Call at the top of the file.
 */
export function watchChunkFailures() {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  return async function untilTheBoundaryCaughtIt() {
    await vi.waitFor(
      () =>
        expect(warn).toHaveBeenCalledWith(
          'A part of the page could not be loaded',
          expect.any(ChunkLoadError),
        ),
      { timeout: 10_000 },
    );
  };
}

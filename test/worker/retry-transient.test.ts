/**
 * Calls into a room that must not be lost to a transient fault (a kick's, a logout's): tried
 * again when the runtime marks the error retryable, and only then.
 */
import { describe, expect, it } from 'vitest';
import { retryTransient } from '../../worker/room-calls/retry-transient';

/** A call that fails with `errors` in turn, then answers 'done'; it counts its attempts. */
function flaky(...errors: unknown[]) {
  const call = async () => {
    call.attempts += 1;
    const error = errors.shift();
    if (error !== undefined) throw error;
    return 'done';
  };
  call.attempts = 0;
  return call;
}

const transient = () => Object.assign(new Error('Network connection lost.'), { retryable: true });
const waited: number[] = [];
const noWait = async (ms: number) => {
  waited.push(ms);
};

describe('retryTransient', () => {
  it('tries a retryable fault again, after a short wait, up to three attempts', async () => {
    waited.length = 0;
    const call = flaky(transient(), transient());
    await expect(retryTransient(call, noWait)).resolves.toBe('done');
    expect(call.attempts).toBe(3);
    expect(waited).toEqual([50, 250]);

    const always = flaky(transient(), transient(), transient());
    await expect(retryTransient(always, noWait)).rejects.toMatchObject({ retryable: true });
    expect(always.attempts).toBe(3);
  });

  it('does not try again what is not transient, or an overloaded object', async () => {
    const plain = flaky(new Error('not a member'));
    await expect(retryTransient(plain, noWait)).rejects.toThrow('not a member');
    expect(plain.attempts).toBe(1);

    const overloaded = flaky(Object.assign(transient(), { overloaded: true }));
    await expect(retryTransient(overloaded, noWait)).rejects.toMatchObject({ overloaded: true });
    expect(overloaded.attempts).toBe(1);
  });

  it('waits for real by default', async () => {
    const call = flaky(transient());
    const started = Date.now();
    await expect(retryTransient(call)).resolves.toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });
});

/**
 * The runtime settings the rooms' hot path counts on (wrangler.toml). With nodejs_compat alone,
 * the global setTimeout is Node's, which builds a Timeout object in JavaScript on every call;
 * a busy room sets a timer for most of its message batches, and those objects showed in the
 * isolate's profiles. `no_nodejs_global_timers` keeps the runtime's own timers, whose ids are
 * plain numbers.
 */
import { describe, expect, it } from 'vitest';

describe('runtime flags', () => {
  it("keeps the runtime's own global timers, not Node's Timeout objects", () => {
    const timer = setTimeout(() => {}, 60_000);
    clearTimeout(timer);
    expect(typeof timer).toBe('number');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Outbox,
  TOO_MANY_WAITING,
  type PendingEntry,
} from '../../client/features/chat/connection/outbox';
import { STORED_MAX } from '../../client/lib/outbox-storage';

function watched() {
  let shown: PendingEntry[] = [];
  const outbox = new Outbox((entries) => (shown = entries));
  return { outbox, texts: () => shown.map((entry) => entry.text) };
}

describe('the outbox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a stored message in view until its broadcast is listed, then drops it', async () => {
    const { outbox, texts } = watched();
    const { clientId, result } = outbox.add('hello');
    outbox.takeUnsent();
    outbox.settle(clientId, { ok: true }, 41);
    await expect(result).resolves.toEqual({ ok: true });
    // Acknowledged before the message came: still shown, so the text never vanishes.
    expect(texts()).toEqual(['hello']);
    outbox.listed([40]);
    expect(texts()).toEqual(['hello']);
    outbox.listed([41]);
    expect(texts()).toEqual([]);
  });

  it('drops a stored message at once when it is already listed', () => {
    const { outbox, texts } = watched();
    const { clientId } = outbox.add('hi');
    outbox.settle(clientId, { ok: true });
    expect(texts()).toEqual([]);
  });

  it('lets go of a stored message whose broadcast never comes', () => {
    const { outbox, texts } = watched();
    const { clientId } = outbox.add('lost');
    outbox.settle(clientId, { ok: true }, 7);
    expect(texts()).toEqual(['lost']);
    vi.advanceTimersByTime(10_000);
    expect(texts()).toEqual([]);
  });

  it('drops a refused message from view and answers with the reason', async () => {
    const { outbox, texts } = watched();
    const { clientId, result } = outbox.add('too fast');
    outbox.settle(clientId, { ok: false, error: 'You are sending messages too fast' }, 9);
    await expect(result).resolves.toEqual({
      ok: false,
      error: 'You are sending messages too fast',
    });
    expect(texts()).toEqual([]);
  });

  it('gives out at most what the pace allows, oldest first, and keeps the rest unsent', () => {
    const { outbox } = watched();
    for (const text of ['a', 'b', 'c']) outbox.add(text);
    expect(outbox.takeUnsent(2).map((entry) => entry.text)).toEqual(['a', 'b']);
    expect(outbox.hasUnsent()).toBe(true);
    expect(outbox.takeUnsent(2).map((entry) => entry.text)).toEqual(['c']);
    expect(outbox.hasUnsent()).toBe(false);
  });

  it('holds at most STORED_MAX texts: past them a send is refused at once, in words', async () => {
    const { outbox, texts } = watched();
    const kept: string[] = [];
    outbox.keepIn({
      load: async () => [],
      save: (entry) => void kept.push(entry.text),
      remove() {},
    });
    for (let i = 0; i < STORED_MAX; i++) outbox.add(`waiting ${i}`);
    const { result } = outbox.add('one too many');
    await expect(result).resolves.toEqual({ ok: false, error: TOO_MANY_WAITING });
    expect(texts()).toHaveLength(STORED_MAX);
    expect(kept).not.toContain('one too many');
    // One answered: there is room again.
    const [first] = outbox.takeUnsent(1);
    outbox.settle(first!.clientId, { ok: true });
    outbox.add('now it waits');
    expect(texts().at(-1)).toBe('now it waits');
  });
});

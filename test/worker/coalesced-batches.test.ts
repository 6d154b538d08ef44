/**
 * The batching under the socket upgrade's D1 check: concurrent questions share round trips,
 * every caller gets its own answer, a failure reaches exactly its batch, and a sender that
 * never comes back stalls nobody for long.
 */
import { describe, expect, it } from 'vitest';
import { CoalescedBatches } from '../../worker/lib/coalesced-batches';
import { sleep } from './support/room-object';

/** A backend whose batches wait until the test answers (or fails) them. */
function heldBackend() {
  const batches: { questions: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const send = (questions: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        questions,
        answer: () => resolve(questions.map((question) => `answer ${question}`)),
        fail: reject,
      });
    });
  return { send, batches };
}

/** A question asked once the others are settled goes at once, alone, and gets its answer. */
async function expectSentAlone(
  batches: CoalescedBatches<number, string>,
  backend: ReturnType<typeof heldBackend>,
  question: number,
) {
  const answer = batches.ask(question);
  expect(backend.batches.at(-1)!.questions).toEqual([question]);
  backend.batches.at(-1)!.answer();
  expect(await answer).toBe(`answer ${question}`);
}

/** Lets the callers' continuations (and their next batch, if any) run. */
const settle = () => sleep(0);

describe('coalesced batches', () => {
  it('sends a lone question at once, alone', async () => {
    const backend = heldBackend();
    const batches = new CoalescedBatches(backend.send, { maxBatch: 10, stuckAfterMs: 5_000 });
    const answer = batches.ask(1);
    expect(backend.batches.map((batch) => batch.questions)).toEqual([[1]]);
    backend.batches[0]!.answer();
    expect(await answer).toBe('answer 1');
    expect(batches.stats.batches).toBe(1);
  });

  it('sends the questions asked while a batch is out together, each with its own answer', async () => {
    const backend = heldBackend();
    const batches = new CoalescedBatches(backend.send, { maxBatch: 3, stuckAfterMs: 5_000 });
    const answers = [1, 2, 3, 4, 5, 6].map((question) => batches.ask(question));
    expect(backend.batches.map((batch) => batch.questions)).toEqual([[1]]);

    backend.batches[0]!.answer();
    await settle();
    // The first caller of each batch sends it, with as many others as the limit allows; a
    // full batch does not hold up the next.
    expect(backend.batches.map((batch) => batch.questions)).toEqual([[1], [2, 3, 4], [5, 6]]);
    backend.batches[2]!.answer();
    backend.batches[1]!.answer();

    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `answer ${n}`));
    // Nothing is left out: a question after the storm goes at once again.
    const later = batches.ask(7);
    expect(backend.batches).toHaveLength(4);
    backend.batches[3]!.answer();
    expect(await later).toBe('answer 7');
  });

  it('fails exactly the batch whose round trip failed, and goes on with the next', async () => {
    const backend = heldBackend();
    const batches = new CoalescedBatches(backend.send, { maxBatch: 2, stuckAfterMs: 5_000 });
    const outcomes = [1, 2, 3, 4, 5].map((question) =>
      batches.ask(question).then(
        (answer) => answer,
        (error: Error) => `failed: ${error.message}`,
      ),
    );
    backend.batches[0]!.answer();
    await settle();
    expect(backend.batches.map((batch) => batch.questions)).toEqual([[1], [2, 3], [4, 5]]);
    backend.batches[1]!.fail(new Error('D1 is down'));
    backend.batches[2]!.answer();
    expect(await Promise.all(outcomes)).toEqual([
      'answer 1',
      'failed: D1 is down',
      'failed: D1 is down',
      'answer 4',
      'answer 5',
    ]);
    await expectSentAlone(batches, backend, 6);
  });

  it('stops waiting for a sender that never comes back', async () => {
    const backend = heldBackend();
    const batches = new CoalescedBatches(backend.send, { maxBatch: 10, stuckAfterMs: 50 });
    void batches.ask(1); // its batch is never answered
    const waiting = [batches.ask(2), batches.ask(3)];
    expect(backend.batches).toHaveLength(1);

    await sleep(80);
    // The first waiter gave up on the stuck batch and sent its own, with the other aboard.
    expect(backend.batches.map((batch) => batch.questions)).toEqual([[1], [2, 3]]);
    backend.batches[1]!.answer();
    expect(await Promise.all(waiting)).toEqual(['answer 2', 'answer 3']);

    // A newcomer does not queue behind the stuck batch either.
    await expectSentAlone(batches, backend, 4);
  });

  it('lets a caller gathered behind a sender that never comes back ask alone', async () => {
    const backend = heldBackend();
    const batches = new CoalescedBatches(backend.send, { maxBatch: 10, stuckAfterMs: 40 });
    void batches.ask(1);
    void batches.ask(2); // sends the gathered batch, whose answer never comes
    const rider = batches.ask(3);
    backend.batches[0]!.answer();
    await settle();
    expect(backend.batches.map((batch) => batch.questions)).toEqual([[1], [2, 3]]);

    // Twice stuckAfterMs after it gathered: the sender had its wait and a round trip's worth.
    await sleep(100);
    expect(backend.batches.map((batch) => batch.questions)).toEqual([[1], [2, 3], [3]]);
    backend.batches[2]!.answer();
    expect(await rider).toBe('answer 3');
  });
});

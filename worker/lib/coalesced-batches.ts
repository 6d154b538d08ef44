/**
 * Gathers concurrent questions to one backend into batches. The first question goes at once,
 * alone; questions that come while a batch is out gather behind it and go together as soon as
 * it is back (up to `maxBatch` in one batch). A lone caller waits for nothing, and a storm of N
 * callers costs about N / maxBatch round trips instead of N.
 *
 * Workers give every request its own I/O context. A request may await a promise that another
 * request settles (workerd runs the awaiting request's continuation in its own context, as the
 * block cache's shared read relies on too), but settling a promise that another request made
 * failed it ("Cannot perform I/O on behalf of a different request", seen in the worker tests
 * when one caller woke the next). So nobody settles a promise another caller made: each batch
 * is sent by the first caller gathered into it, from its own request, and that caller settles
 * the batch's answers; the others, and the next batch's sender, only await promises that one
 * request both made and settled.
 *
 * If a sender never comes back (its request cancelled mid-flight), the others would wait for
 * ever. So a sender waits at most `stuckAfterMs` for the batch before its own, a caller
 * gathered behind it at most twice that, and a batch out (or gathering) for longer than
 * `stuckAfterMs` is not joined: after that, a caller asks on its own.
 */

export interface CoalescingOptions {
  /** The most questions in one batch. */
  maxBatch: number;
  /** How long a batch may be out before callers stop waiting for it. */
  stuckAfterMs: number;
}

/** Questions gathering behind the batch out; the first caller in it sends it. */
interface Gathering<Q, A> {
  questions: Q[];
  /** Settled by the sender, in its own request. */
  answers: Promise<A[]>;
  since: number;
}

/** Counts batches sent, for tests. */
export interface CoalescingStats {
  batches: number;
}

export class CoalescedBatches<Q, A> {
  readonly stats: CoalescingStats = { batches: 0 };
  /** The batch out, if any: settled (never rejected) when it is back. */
  #out: { back: Promise<void>; since: number } | null = null;
  #gathering: Gathering<Q, A> | null = null;

  constructor(
    /** Answers each question, in order: one round trip to the backend. */
    private readonly sendBatch: (questions: Q[]) => Promise<A[]>,
    private readonly options: CoalescingOptions,
  ) {}

  async ask(question: Q): Promise<A> {
    const gathering = this.#gathering;
    const hasSpace = gathering && gathering.questions.length < this.options.maxBatch;
    if (gathering && hasSpace && this.#fresh(gathering.since)) {
      const at = gathering.questions.push(question) - 1;
      // Its sender waits at most stuckAfterMs for the batch out before sending; a round trip
      // of its own longer than stuckAfterMs more, and this caller asks alone.
      const answers = await this.#waitAtMost(gathering.answers, 2 * this.options.stuckAfterMs);
      return answers ? answers[at]! : (await this.#send([question]))[0]!;
    }
    const out = this.#out;
    if (out && this.#fresh(out.since)) return this.#gatherBehind(out.back, question);
    return (await this.#send([question]))[0]!;
  }

  #fresh(since: number) {
    return Date.now() - since < this.options.stuckAfterMs;
  }

  /** Starts a batch behind the one out, sends it once that one is back, answers its own. */
  async #gatherBehind(back: Promise<void>, question: Q): Promise<A> {
    let settle!: { resolve: (answers: A[]) => void; reject: (error: unknown) => void };
    const answers = new Promise<A[]>((resolve, reject) => (settle = { resolve, reject }));
    // Each rider handles the rejection it awaits; with no riders nobody awaits it.
    answers.catch(() => {});
    const gathering: Gathering<Q, A> = { questions: [question], answers, since: Date.now() };
    this.#gathering = gathering;
    await this.#waitAtMost(back, this.options.stuckAfterMs);
    if (this.#gathering === gathering) this.#gathering = null;
    try {
      const sent = await this.#send(gathering.questions);
      settle.resolve(sent);
      return sent[0]!;
    } catch (error) {
      settle.reject(error);
      throw error;
    }
  }

  async #send(questions: Q[]): Promise<A[]> {
    const answers = this.sendBatch(questions);
    const out = { back: answers.then(noop, noop), since: Date.now() };
    this.#out = out;
    this.stats.batches += 1;
    try {
      return await answers;
    } finally {
      if (this.#out === out) this.#out = null;
    }
  }

  /** The promise's value, or undefined once `ms` have passed without it. */
  async #waitAtMost<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    try {
      return await Promise.race([promise, late]);
    } finally {
      // This caller's own timer, cleared from its own request.
      clearTimeout(timer);
    }
  }
}

function noop() {}

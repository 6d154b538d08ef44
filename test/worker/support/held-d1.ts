/**
 * A D1 whose queries wait until the test answers them, one by one and in any order: for races
 * between reads that the real database would answer too quickly to interleave.
 */
export function heldD1() {
  const answers: ((value: unknown) => void)[] = [];
  const held = () => new Promise((resolve) => answers.push(resolve));
  const db = { prepare: () => ({ bind: () => ({ all: held, first: held }) }) };
  return { db: db as unknown as D1Database, answers };
}

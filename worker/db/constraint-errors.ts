/**
 * Which SQLite constraint refused a D1 write. D1 says so only in its error's words (its message
 * or a cause's), so they are read here and nowhere else.
 */

/** A UNIQUE constraint: two requests raced for the same value (an email, a nickname). */
export const isUniqueViolation = (error: unknown) => refusedBy(error, 'UNIQUE constraint failed');

/** A FOREIGN KEY constraint: the row the write names was deleted meanwhile. */
export const isForeignKeyViolation = (error: unknown) =>
  refusedBy(error, 'FOREIGN KEY constraint failed');

function refusedBy(error: unknown, words: string): boolean {
  for (let cause: unknown = error; cause; cause = cause instanceof Error ? cause.cause : null) {
    if ((cause instanceof Error ? cause.message : String(cause)).includes(words)) return true;
  }
  return false;
}

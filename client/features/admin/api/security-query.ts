/**
 * The security tab's three calls share this: spec point 9 only logs a failed load, so each
 * query logs its own failure and the parts that did load still show.
 */
export function loggingFailures<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (failure) {
      console.error('Failed to load security data', failure);
      throw failure;
    }
  };
}

import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { ApiError } from './api-error';

/**
 * Validates a JSON body with a contract schema. Answers 400 `{ error }` with the first issue's
 * message (the spec's exact texts), and 400 for a body that is not JSON at all.
 */
export function validateJson<T extends z.ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request body';
      throw new ApiError(400, message);
    }
  });
}

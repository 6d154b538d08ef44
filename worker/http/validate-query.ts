import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { ApiError } from './api-error';

/** Validates a query string with a contract schema: 400 `{ error }` with the first issue's message. */
export function validateQuery<T extends z.ZodType>(schema: T) {
  return zValidator('query', schema, (result) => {
    if (!result.success) {
      throw new ApiError(400, result.error.issues[0]?.message ?? 'Invalid query');
    }
  });
}

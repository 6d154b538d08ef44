import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { ApiError } from './api-error';

const NOT_JSON = 'Send the body as JSON (Content-Type: application/json)';

/** The media types Hono's validator parses as JSON: application/json and application/*+json. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether the request carries a body (a call with none still validates as `{}`). */
function hasBody(request: Request): boolean {
  const length = request.headers.get('Content-Length');
  return length === null ? request.body !== null : length !== '0';
}

/**
 * Validates a JSON body with a contract schema. Answers 400 `{ error }` with the first issue's
 * message (the spec's exact texts), and 400 for a body that is not JSON at all.
 *
 * Hono's validator reads the body only when its Content-Type is JSON and validates `{}`
 * otherwise, so a body sent as text/plain would be dropped unread and a schema whose fields are
 * all optional would pass: a one-use invite link asked for that way came out unlimited. A body
 * that is not declared JSON is refused instead; a call with no body at all still means `{}`.
 */
export function validateJson<T extends z.ZodType>(schema: T) {
  return zValidator('json', schema, (result, c) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
    if (hasBody(c.req.raw) && !JSON_TYPE.test(mediaType)) throw new ApiError(400, NOT_JSON);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request body';
      throw new ApiError(400, message);
    }
  });
}

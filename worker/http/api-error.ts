import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error type of the API: a status and a sentence a person can read. A leaf module (it
 * imports nothing of ours) because nearly every layer throws it; the handler that answers it
 * and logs hostile bodies lives in worker/error-handler.ts.
 */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(status, { message });
  }
}

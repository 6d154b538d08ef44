import { createMiddleware } from 'hono/factory';
import { ApiError } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page. Browsers attach `Origin` to
 * every cross-origin fetch and form post, so a foreign or 'null' Origin is refused; a request
 * without one is not a browser acting for someone else (the session cookie is also SameSite=Lax).
 */
export const sameOrigin = createMiddleware(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !isSameOrigin(c.req.raw)) {
    throw new ApiError(403, 'Cross-origin request refused');
  }
  await next();
});

export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  if (request.headers.get('Sec-Fetch-Site') === 'cross-site') return false;
  return origin === null || origin === new URL(request.url).origin;
}

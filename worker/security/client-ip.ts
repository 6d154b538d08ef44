/**
 * The caller's address. Only CF-Connecting-IP counts: Cloudflare's edge sets it and a client
 * cannot, unlike X-Forwarded-For, which anyone can write.
 */
export function clientIp(request: Request): string {
  return request.headers.get('CF-Connecting-IP')?.trim().slice(0, 64) || 'unknown';
}

/** Walking a paged list (members, nicknames, bans) the way the screens do. */
import { expect } from 'vitest';
import type { Client } from './api';

/** Follows `nextAfter` from `path` (with its query) to the last page; every page's body. */
export async function allPages(client: Client, path: string, query: Record<string, string> = {}) {
  const pages = [];
  let after: string | undefined;
  do {
    const params = new URLSearchParams(after ? { ...query, after } : query);
    const res = await client.call(`${path}${params.size ? `?${params}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    after = res.body.nextAfter;
  } while (after && pages.length < 20);
  return pages;
}

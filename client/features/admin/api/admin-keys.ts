/**
 * The admin area's query keys. Only this feature reads or changes admin data, so the keys live
 * here rather than in lib/query-keys.ts.
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  usersSearch: (q: string) => [...adminKeys.users(), { q }] as const,
  rooms: () => [...adminKeys.all, 'rooms'] as const,
  roomsSearch: (q: string) => [...adminKeys.rooms(), { q }] as const,
  security: () => [...adminKeys.all, 'security'] as const,
  securityLogs: () => [...adminKeys.security(), 'logs'] as const,
  securitySummary: () => [...adminKeys.security(), 'summary'] as const,
  ipStats: () => [...adminKeys.security(), 'ip-stats'] as const,
  broadcast: (broadcastId: string) => [...adminKeys.all, 'broadcasts', broadcastId] as const,
};

/** The query string of a list call: only the parameters that are set. */
export function listQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

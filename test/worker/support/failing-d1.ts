/**
 * D1 with one statement made to fail: the first query matching `pattern` runs against a table
 * that does not exist, so D1 itself refuses it (in a batch too, which then changes nothing).
 * Also through a D1 session, as the app's requests open one (http/d1-session.ts).
 */
import { env } from 'cloudflare:test';

/** A table no migration makes. */
const MISSING_TABLE = '"no_such_table"';

export function d1FailingOnce(pattern: RegExp, table: string): D1Database {
  let failed = false;
  const failing = (inner: D1Database | D1DatabaseSession) => (query: string) => {
    if (failed || !pattern.test(query)) return inner.prepare(query);
    failed = true;
    return inner.prepare(query.replace(table, MISSING_TABLE));
  };
  const withFailure = <T extends D1Database | D1DatabaseSession>(inner: T): T =>
    new Proxy(inner, {
      get: (target, key) => {
        if (key === 'prepare') return failing(target);
        if (key === 'withSession') {
          return (constraint?: string) => withFailure(env.DB.withSession(constraint));
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return withFailure(env.DB);
}

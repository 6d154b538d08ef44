/**
 * D1 with one statement made to fail: the first query matching `pattern` runs against a table
 * that does not exist, so D1 itself refuses it (in a batch too, which then changes nothing).
 * Also through a D1 session, as the app's requests open one (http/d1-session.ts).
 */
import { d1WithPrepare } from './d1-with-prepare';

/** A table no migration makes. */
const MISSING_TABLE = '"no_such_table"';

export function d1FailingOnce(pattern: RegExp, table: string): D1Database {
  let failed = false;
  const failing = (inner: D1Database | D1DatabaseSession) => (query: string) => {
    if (failed || !pattern.test(query)) return inner.prepare(query);
    failed = true;
    return inner.prepare(query.replace(table, MISSING_TABLE));
  };
  return d1WithPrepare(failing);
}

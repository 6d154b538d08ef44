import { env } from 'cloudflare:test';

/** Makes the statements of a D1 (or of one of its sessions) for a test's D1. */
type Prepare = (inner: D1Database | D1DatabaseSession) => (query: string) => D1PreparedStatement;

/**
 * env.DB with its statements made by `prepare` (which holds or breaks the ones a test is
 * after); also through a D1 session, as the app's requests open one (http/d1-session.ts).
 */
export function d1WithPrepare(prepare: Prepare): D1Database {
  const wrapped = <T extends D1Database | D1DatabaseSession>(inner: T): T =>
    new Proxy(inner, {
      get: (target, key) => {
        if (key === 'prepare') return prepare(target);
        if (key === 'withSession') {
          return (constraint?: string) => wrapped(env.DB.withSession(constraint));
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return wrapped(env.DB);
}

/**
 * The addresses each account has signed in from (login_addresses). An address the owner has
 * used before gets its own failure allowance, so strangers guessing at the account from
 * elsewhere cannot lock the owner out: lock-out stops being a weapon.
 */

/** Whether the account with this email has signed in from `ip` before. */
export async function hasSignedInFrom(db: D1Database, email: string, ip: string) {
  const row = await db
    .prepare(
      `SELECT 1 AS known FROM login_addresses
       WHERE ip = ? AND user_id = (SELECT id FROM users WHERE email = ?)`,
    )
    .bind(ip, email)
    .first<{ known: number }>();
  return row !== null;
}

/**
 * Records a successful sign-in from `ip` (kept 90 days after the last one, see prune.ts), while
 * the account's password is still `passwordHash`, the one that was checked: a reset landing
 * during the check spends the addresses signed in from, and a login with the old password must
 * not add its own back.
 */
export async function rememberLoginAddress(
  db: D1Database,
  userId: string,
  ip: string,
  passwordHash: string,
) {
  await db
    .prepare(
      `INSERT INTO login_addresses (user_id, ip, last_success_at)
       SELECT id, ?2, ?3 FROM users WHERE id = ?1 AND password_hash = ?4
       ON CONFLICT (user_id, ip) DO UPDATE SET last_success_at = ?3`,
    )
    .bind(userId, ip, Date.now(), passwordHash)
    .run();
}

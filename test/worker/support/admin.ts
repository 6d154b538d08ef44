import { env } from 'cloudflare:test';
import { signedInClient } from './api';

/** A signed-in administrator (the role set the way `npm run make-admin` sets it). */
export async function signedInAdmin() {
  const admin = await signedInClient();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.user.id).run();
  return admin;
}

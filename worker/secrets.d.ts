// Secrets come from `wrangler secret put` (deployed) or .dev.vars (local), so `wrangler types`
// does not see them in wrangler.toml. They are optional here so the code must handle absence.
interface Env {
  JWT_SECRET?: string;
  MAIL_API_KEY?: string;
  /** Web Push (worker/push/push-config.ts): the VAPID key pair, base64url. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** `true` (a JSON binding, never a string) only under npm start and the worker tests. */
  LOCAL_PUSH_ENDPOINTS?: boolean;
}

// Secrets come from `wrangler secret put` (deployed) or .dev.vars (local), so `wrangler types`
// does not see them in wrangler.toml. They are optional here so the code must handle absence.
interface Env {
  JWT_SECRET?: string;
  MAIL_API_KEY?: string;
}

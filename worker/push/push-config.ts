/**
 * The push secrets and switches as the worker reads them (docs/push.md).
 *
 * - VAPID_PUBLIC_KEY: base64url of the 65-byte uncompressed P-256 point (0x04, x, y), what
 *   browsers take as `applicationServerKey` and push services see as `k=`.
 * - VAPID_PRIVATE_KEY: base64url of the key's 32-byte private scalar `d` (a JWK's "d").
 * - LOCAL_PUSH_ENDPOINTS: the JSON value `true` lets subscriptions name http endpoints on
 *   127.0.0.1 and localhost, so tests can run a push service of their own. Only `npm start`
 *   (scripts/lib/serve-local.mjs) and the worker tests' config give it. Secrets and .dev.vars
 *   are strings, so neither `wrangler secret put` nor a copied .dev.vars can turn it on.
 * - PUSH_SERVICE_HOSTS: hosts of self-hosted push services that subscriptions may name beside
 *   the browsers' own (push-endpoint.ts), separated by commas or spaces; `*.example.com` for
 *   the hosts under a domain. Empty by default (wrangler.toml).
 */
import type { EndpointRules } from './push-endpoint';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

interface PushEnv {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  LOCAL_PUSH_ENDPOINTS?: unknown;
  PUSH_SERVICE_HOSTS?: string;
  SUPPORT_EMAIL?: string;
  APP_ORIGIN?: string;
}

/** The VAPID key pair, or null when the secrets are not set (push is then off). */
export function vapidKeys(env: PushEnv): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

/** Whether local http endpoints are accepted: true only where the boolean binding is given. */
export function allowsLocalEndpoints(env: PushEnv): boolean {
  return env.LOCAL_PUSH_ENDPOINTS === true;
}

/** Which endpoints subscriptions may name and the consumer may fetch. */
export function endpointRules(env: PushEnv): EndpointRules {
  const extraHosts = (env.PUSH_SERVICE_HOSTS ?? '')
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return { allowLocal: allowsLocalEndpoints(env), extraHosts };
}

/**
 * The VAPID `sub` claim: how a push service reaches whoever runs this app. The support address
 * when there is one, else the app's public origin.
 */
export function vapidSubject(env: PushEnv): string {
  if (env.SUPPORT_EMAIL?.includes('@')) return `mailto:${env.SUPPORT_EMAIL}`;
  return env.APP_ORIGIN?.replace(/\/+$/, '') || 'mailto:support@example.com';
}

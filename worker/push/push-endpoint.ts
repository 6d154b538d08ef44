/**
 * Which push endpoints the worker will ever fetch (it fetches each subscription's endpoint, so
 * an endpoint is an address an attacker may choose). Deployed: https on the default port, at
 * the browsers' push services only (KNOWN_PUSH_SERVICES, and the hosts PUSH_SERVICE_HOSTS adds
 * for a self-hosted one), no credentials in the URL. Any https host would let accounts aim ten
 * subscriptions each at someone's server and make the push consumer flood it, and names such
 * as 127.0.0.1.nip.io would reach private addresses. With LOCAL_PUSH_ENDPOINTS (npm start,
 * worker tests): also http or https on 127.0.0.1 and localhost, any port. Always written as
 * the URL parser writes it, as browsers give it: so its length bounds its bytes.
 */

/**
 * The push services of the browsers people use: Chrome, Edge's Chromium and the other
 * Chromium browsers (FCM), Firefox (Mozilla autopush), Safari (Apple), and Windows' WNS hosts.
 * `*.` names the hosts under a domain, not the domain itself.
 */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

export const UNKNOWN_PUSH_SERVICE =
  'endpoint must be a browser push service (FCM, Mozilla, Apple or Windows) on https without a port';

/** Who may be pushed to: the switch for this machine's endpoints, and the extra hosts. */
export interface EndpointRules {
  allowLocal: boolean;
  /** Hosts beyond KNOWN_PUSH_SERVICES, in the same forms (push-config.ts reads them). */
  extraHosts?: readonly string[];
}

/** Null when acceptable, else why not (the API's 400 message). */
export function endpointProblem(
  endpoint: string,
  { allowLocal, extraHosts = [] }: EndpointRules,
): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be an absolute URL';
  }
  // Browsers give the URL serialized. Anything else (tabs the parser drops, characters it
  // escapes) is one the parser reads differently from its text, and 1,024 characters of it
  // can be six times as many bytes in a queue message's JSON (push-messages.ts).
  if (url.href !== endpoint) return 'endpoint must be a URL as browsers write it';
  if (url.username || url.password) return 'endpoint must not carry credentials';
  if (url.hash) return 'endpoint must not have a fragment';
  const local = isLocalHost(url.hostname);
  if (allowLocal && local && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'endpoint must be an https URL';
  if (local || isIpLiteral(url.hostname) || !url.hostname.includes('.')) {
    return 'endpoint must be a push service on the public internet';
  }
  if (url.port !== '') return UNKNOWN_PUSH_SERVICE;
  const host = url.hostname.replace(/\.$/, '');
  const known = (pattern: string) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
  if (!KNOWN_PUSH_SERVICES.some(known) && !extraHosts.some(known)) return UNKNOWN_PUSH_SERVICE;
  return null;
}

function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '127.0.0.1' || host.endsWith('.localhost');
}

/** IPv4 in any of the forms URL parsing normalises to dotted decimal, or an IPv6 literal. */
function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Which push endpoints the worker will ever fetch (it fetches each subscription's endpoint, so
 * an endpoint is an address an attacker may choose). Deployed: https only, on a DNS name, not
 * an IP literal nor localhost, no credentials in the URL, default port or a plain port number.
 * With LOCAL_PUSH_ENDPOINTS (npm start, worker tests): also http on 127.0.0.1 and localhost.
 * Always written as the URL parser writes it, as browsers give it: so its length bounds its bytes.
 */

/** Null when acceptable, else why not (the API's 400 message). */
export function endpointProblem(endpoint: string, allowLocal: boolean): string | null {
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

import { formatIpv6, parseIpv6 } from './ipv6';

/**
 * The caller's address, as the key of limits, scores and blocks. Only CF-Connecting-IP counts:
 * Cloudflare's edge sets it and a client cannot, unlike X-Forwarded-For, which anyone can write.
 */
export function clientIp(request: Request): string {
  const raw = request.headers.get('CF-Connecting-IP')?.trim().slice(0, 64);
  if (!raw) return 'unknown';
  let key = keys.get(raw);
  if (key === undefined) {
    key = addressKey(raw);
    if (keys.size >= KEYS_MAX) keys.clear();
    keys.set(raw, key);
  }
  return key;
}

/**
 * The isolate's recent addresses' keys, each worked out once: a socket upgrade asks for its
 * key in several checks, and its ticket was asked for from the same address a moment before,
 * so parsing an IPv6 address each time would repeat the same work. A key depends on the
 * address alone; the map is bounded by starting afresh when full.
 */
const keys = new Map<string, string>();
const KEYS_MAX = 10_000;

/**
 * One key per network a person controls. An IPv4 address stays as it is; an IPv6 address is
 * cut to its /64, because one subscriber is handed a whole /64 and could otherwise take a fresh
 * address (and a fresh limit, a clean score) for every request. An IPv4-mapped IPv6 address
 * (::ffff:1.2.3.4) is the IPv4 address. A key already in /64 form (an admin pasting it back
 * from the dashboard) maps to itself; anything unparseable is kept as written.
 */
export function addressKey(raw: string): string {
  const address = raw
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (!address.includes(':')) return address;
  const groups = parseIpv6(address.replace(/\/64$/, ''));
  if (!groups) return address;
  const isMappedIpv4 = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${formatIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/**
 * The network an address key belongs to, for bounds wider than one key: an IPv6 /64's /48 (a
 * site's usual allocation, 65,536 /64s), null for IPv4 or anything else.
 */
export function networkKey(key: string): string | null {
  if (!key.endsWith('/64')) return null;
  const groups = parseIpv6(key.slice(0, -3));
  return groups ? `${formatIpv6([...groups.slice(0, 3), 0, 0, 0, 0, 0])}/48` : null;
}

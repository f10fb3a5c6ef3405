/**
 * Which peers may tell us the client's address (X-Forwarded-For) and scheme: the proxies named
 * in TRUSTED_PROXIES (addresses, CIDR ranges, or proxy-addr's `loopback`, `linklocal`,
 * `uniquelocal`), none by default. Without a trusted proxy the address is the socket's, so a
 * client cannot pick its own throttling counter by writing the header.
 */
import { isIP } from 'node:net';

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (KEYWORDS.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** fastify's `trustProxy` for a TRUSTED_PROXIES value: the list, or false. Refuses an entry it cannot read. */
export function trustProxyOption(trustedProxies: string | undefined): string[] | false {
  const entries = (trustedProxies ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  const invalid = entries.filter((e) => !isProxyEntry(e));
  if (invalid.length > 0) throw new Error(`Invalid configuration: TRUSTED_PROXIES: not an address, CIDR range or keyword: ${invalid.join(', ')}`);
  return entries.length > 0 ? entries : false;
}

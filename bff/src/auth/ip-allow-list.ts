import { BlockList, isIP } from 'node:net';

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as a dual-stack socket reports it) is its IPv4 address. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** A CIDR (`203.0.113.0/24`, `2001:db8::/32`) or a single address; null when it is neither. */
export function parseCidr(text: string): { network: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { network: address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { network: address, prefix: Number(prefixText), family };
}

/** Whether `address` falls in one of `cidrs` (already checked with parseCidr). */
export function ipAllowed(cidrs: readonly string[], address: string | null): boolean {
  if (address === null) return false;
  const plain = plainAddress(address);
  const version = isIP(plain);
  if (version === 0) return false;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const parsed = parseCidr(cidr);
    if (parsed) list.addSubnet(parsed.network, parsed.prefix, parsed.family);
  }
  return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}

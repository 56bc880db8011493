import { BlockList, isIP } from 'node:net';
import { parseCidr } from '../../../common/ip-address.ts';

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as a dual-stack socket reports it) is its IPv4 address. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
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

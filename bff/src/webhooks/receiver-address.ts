import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { parseCidr } from '../../../common/ip-address.ts';

function blockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const cidr = parseCidr(entry);
    if (!cidr) throw new Error(`not a CIDR: ${entry}`);
    list.addSubnet(cidr.network, cidr.prefix, cidr.family);
  }
  return list;
}

/** Link-local (where clouds answer metadata requests with credentials), the metadata addresses outside it, and "this host". */
const NEVER = blockList(['169.254.0.0/16', 'fe80::/10', 'fd00:ec2::254', '100.100.100.200', '0.0.0.0/8', '::']);
const LOOPBACK = blockList(['127.0.0.0/8', '::1']);
/** Private, shared, reserved and multicast ranges: reachable only when an admin allows them. */
const NOT_PUBLIC = blockList(['10.0.0.0/8', '100.64.0.0/10', '172.16.0.0/12', '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/3', 'fc00::/7', 'ff00::/8']);

/** An IPv4-mapped IPv6 address (`::ffff:169.254.169.254`, or `::ffff:a9fe:a9fe` as URLs write it) is its IPv4 address. */
function plainAddress(address: string): string {
  const text = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(text);
  if (!mapped) return text;
  if (mapped[1]) return mapped[1];
  const high = Number.parseInt(mapped[2] ?? '0', 16);
  const low = Number.parseInt(mapped[3] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Why a webhook may not connect to `address` over `protocol`; null when it may. Never link-local or
 * metadata addresses; loopback and the private networks an admin allows (CIDRs) over http or https;
 * any other address only over https and only when it is public.
 */
export function addressProblem(address: string, protocol: string, allowedNetworks: readonly string[]): string | null {
  const plain = plainAddress(address);
  const version = isIP(plain);
  if (version === 0) return `${address} is not an IP address`;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (NEVER.check(plain, family)) return `${plain} is a link-local, metadata or unspecified address, which no webhook may reach`;
  if (LOOPBACK.check(plain, family) || blockList(allowedNetworks).check(plain, family)) return null;
  if (NOT_PUBLIC.check(plain, family)) return `${plain} is in a private network an admin has not allowed (Settings, webhooks)`;
  if (protocol !== 'https:') return `${plain} is reached over http, which only loopback and the private networks an admin allows may use; use https`;
  return null;
}

/** A URL's host as an IP address when it is written as one (`127.0.0.1`, `[::1]`), else null. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? null : host;
}

/**
 * Why `text` cannot be a webhook's URL; null when it can. The host's addresses are checked now, and
 * again each time a connection is made (a name may resolve elsewhere later: see receiver-call.ts).
 */
export async function receiverUrlProblem(text: string, allowedNetworks: readonly string[]): Promise<string | null> {
  if (!URL.canParse(text)) return 'is not a URL';
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  const literal = literalAddress(url);
  if (literal !== null) return prefixed(addressProblem(literal, url.protocol, allowedNetworks));
  let addresses: { address: string }[];
  try {
    addresses = await lookup(url.hostname, { all: true });
  } catch {
    return `has a host name that does not resolve (${url.hostname})`;
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, url.protocol, allowedNetworks);
    if (problem) return prefixed(`resolves to ${problem}`);
  }
  return null;
}

function prefixed(problem: string | null): string | null {
  return problem === null ? null : `cannot be used: ${problem}`;
}

const IPV4_PART = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_PART}(\\.${IPV4_PART}){3}$`);
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** Eight groups of 1 to 4 hex digits, `::` once for a run of zero groups, the last two groups maybe as an IPv4 address. */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const groups = halves.flatMap(groupsOf);
  let count = groups.length;
  const last = groups.at(-1);
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    groups.pop();
    count += 1;
  }
  if (!groups.every((group) => IPV6_GROUP.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

export interface Cidr {
  network: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * A CIDR (`203.0.113.0/24`, `2001:db8::/32`) or a single address (the whole prefix); null when it is
 * neither. An API key's IP allow-list is a list of these: the server refuses any other entry, and the
 * key form says so before it sends.
 */
export function parseCidr(text: string): Cidr | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  const family = isIpv4(address) ? 'ipv4' : isIpv6(address) ? 'ipv6' : null;
  if (family === null || extra !== undefined) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { network: address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { network: address, prefix: Number(prefixText), family };
}

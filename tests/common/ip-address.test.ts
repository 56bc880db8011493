import { BlockList, isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCidr } from '../../common/ip-address.ts';

const ADDRESS_CHARACTERS = [...'0123456789abcdefABCDEF:.'];

/** Addresses, and near-addresses: a valid one with a character dropped, doubled or changed, or text of address characters. */
const candidates = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4Extended(),
  fc.tuple(fc.oneof(fc.ipV4(), fc.ipV6()), fc.nat(), fc.constantFrom(...ADDRESS_CHARACTERS), fc.constantFrom('drop', 'double', 'change')).map(([address, at, character, edit]) => {
    const index = at % address.length;
    const before = address.slice(0, index);
    const after = address.slice(index + 1);
    const here = address.charAt(index);
    return edit === 'drop' ? before + after : edit === 'double' ? before + here + here + after : before + character + after;
  }),
  fc.array(fc.constantFrom(...ADDRESS_CHARACTERS), { maxLength: 45 }).map((characters) => characters.join('')),
);

describe('parseCidr, the IP allow-list entry both the server and the key form check', () => {
  it('takes an address exactly when node:net does, and BlockList takes what it gives', () => {
    fc.assert(
      fc.property(candidates, (text) => {
        const parsed = parseCidr(text);
        expect(parsed !== null, text).toBe(isIP(text) !== 0);
        if (parsed) expect(() => new BlockList().addSubnet(parsed.network, parsed.prefix, parsed.family)).not.toThrow();
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ['203.0.113.7', { network: '203.0.113.7', prefix: 32, family: 'ipv4' }],
    [' 203.0.113.0/24 ', { network: '203.0.113.0', prefix: 24, family: 'ipv4' }],
    ['2001:db8::/32', { network: '2001:db8::', prefix: 32, family: 'ipv6' }],
    ['::ffff:10.0.0.1', { network: '::ffff:10.0.0.1', prefix: 128, family: 'ipv6' }],
    ['::', { network: '::', prefix: 128, family: 'ipv6' }],
  ])('reads %j', (text, cidr) => {
    expect(parseCidr(text)).toEqual(cidr);
  });

  // node:net also takes a zone (`fe80::1%eth0`): it names an interface of one machine, nothing an allow-list can mean.
  it.each(['', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/1/2', '10.0.0.0/-1', '10.0.0.0/+8', '10.0.0.01', '10.0.0', '1:2:3:4:5:6:7:8:9', '1::2::3', 'fe80::1%eth0', 'localhost', '10.0.0.0 /8'])(
    'refuses %j',
    (text) => {
      expect(parseCidr(text)).toBeNull();
    },
  );
});

import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc16xmodem, encodeAccountId, encodeSecretSeed } from '../../emulator/src/strkey.ts';
import { generateWallet } from '../../emulator/src/wallet.ts';
import { decodeStrKey } from './strkey-decode.ts';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function addressOfSeed(seed: string): string {
  const { payload } = decodeStrKey(seed);
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, payload]), format: 'der', type: 'pkcs8' });
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  return encodeAccountId(Buffer.from(x ?? '', 'base64url'));
}

describe('StrKey', () => {
  it('computes CRC16-XModem', () => {
    expect(crc16xmodem(Buffer.from('123456789'))).toBe(0x31c3);
  });

  it('encodes the all-zero account id as the well-known address', () => {
    expect(encodeAccountId(new Uint8Array(32))).toBe('GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF');
  });

  it('matches a published Stellar seed / address pair', () => {
    const seed = 'SAA2U5UFW65DW3MLVX734BUQIHAWANQNBLTFT47X2NVVBCN7X6QC5AOG';
    expect(encodeSecretSeed(decodeStrKey(seed).payload)).toBe(seed);
    expect(addressOfSeed(seed)).toBe('GD4JRFLPF4AGYQTLCMZ7Q7DRLGQZQTGWOOKDUCNRVKG66G5ZVYYFT76M');
  });

  it('generates wallets whose address belongs to their seed', () => {
    const wallet = generateWallet();
    expect(wallet.address).toMatch(/^G[A-Z2-7]{55}$/);
    expect(wallet.seed).toMatch(/^S[A-Z2-7]{55}$/);
    for (const [text, version] of [[wallet.address, 6 << 3], [wallet.seed, 18 << 3]] as const) {
      const decoded = decodeStrKey(text);
      expect(decoded.version).toBe(version);
      expect(crc16xmodem(Buffer.concat([Buffer.from([version]), decoded.payload]))).toBe(decoded.checksum);
    }
    expect(addressOfSeed(wallet.seed)).toBe(wallet.address);
  });

  it('refuses payloads that are not 32 bytes', () => {
    expect(() => encodeAccountId(new Uint8Array(31))).toThrow(/32 bytes/);
  });
});

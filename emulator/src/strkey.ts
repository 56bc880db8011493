// Stellar StrKey: base32(version byte ‖ payload ‖ CRC16-XModem little-endian), no padding.
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const ACCOUNT_ID_VERSION = 6 << 3; // 'G…'
const SECRET_SEED_VERSION = 18 << 3; // 'S…'

export function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function encode(version: number, key: Uint8Array): string {
  if (key.length !== 32) throw new Error(`StrKey payload must be 32 bytes, got ${key.length}`);
  const body = new Uint8Array(33);
  body[0] = version;
  body.set(key, 1);
  const crc = crc16xmodem(body);
  const full = new Uint8Array(35);
  full.set(body);
  full[33] = crc & 0xff;
  full[34] = crc >> 8;
  return base32(full);
}

export const encodeAccountId = (publicKey: Uint8Array): string => encode(ACCOUNT_ID_VERSION, publicKey);
export const encodeSecretSeed = (seed: Uint8Array): string => encode(SECRET_SEED_VERSION, seed);

/** StrKey decoding for the tests of the emulator's encoder. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes a StrKey written independently of the emulator's encoder: version byte, 32-byte payload, checksum. */
export function decodeStrKey(text: string): { version: number; payload: Buffer; checksum: number } {
  let buffer = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  const all = Buffer.from(bytes);
  return { version: all[0] as number, payload: all.subarray(1, 33), checksum: all.readUInt16LE(33) };
}

import { randomFillSync, randomUUID } from 'node:crypto';

const ALNUM = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'latin1');
// Largest multiple of 62 that fits a byte: bytes at or above it are skipped so every character is equally likely.
const ALNUM_LIMIT = 248;
const POOL_BYTES = 64 * 1024;

/** Hands out random values from one pre-filled buffer, so generating a million ids costs a few hundred syscalls. */
class RandomPool {
  private readonly pool = Buffer.allocUnsafe(POOL_BYTES);
  private readonly scratch = Buffer.allocUnsafe(64);
  private position = POOL_BYTES;

  private take(count: number): number {
    if (this.position + count > POOL_BYTES) {
      randomFillSync(this.pool);
      this.position = 0;
    }
    const start = this.position;
    this.position += count;
    return start;
  }

  alnum(length: number): string {
    let filled = 0;
    while (filled < length) {
      const byte = this.pool[this.take(1)] as number;
      if (byte < ALNUM_LIMIT) this.scratch[filled++] = ALNUM[byte % 62] as number;
    }
    return this.scratch.toString('latin1', 0, length);
  }

  hex(byteCount: number): string {
    const start = this.take(byteCount);
    return this.pool.toString('hex', start, start + byteCount);
  }

  /** Uniform integer in [0, bound), bound ≤ 2^16. */
  below(bound: number): number {
    const limit = 65536 - (65536 % bound);
    for (;;) {
      const value = this.pool.readUInt16LE(this.take(2));
      if (value < limit) return value % bound;
    }
  }
}

export const random = new RandomPool();

export const newPaymentId = (): string => random.alnum(28);
export const newTxid = (): string => random.hex(32);
export const newUid = (): string => randomUUID();
export const newAdId = (): string => randomUUID();
export const newAccessToken = (): string => random.alnum(64);
export const newServerKey = (): string => random.alnum(48);

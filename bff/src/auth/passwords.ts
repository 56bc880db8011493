import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1 (128 MiB of memory per hash). */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * Password hashing with scrypt. A hash is `scrypt$N$r$p$salt$key` (base64url): the parameters travel
 * with it, so a hash made under other parameters still verifies and the cost can be raised later.
 */
export class Passwords {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly params: ScryptParams = OWASP_SCRYPT) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.params);
    return ['scrypt', this.params.N, this.params.r, this.params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Spends the same time as a real check, so that an unknown email cannot be told from a wrong password. */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash('dummy password for timing');
    await this.verify(password, await this.dummyHash);
    return false;
  }
}

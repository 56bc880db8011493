import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

/** A key's short public name: which key sealed a value, without saying anything of the key. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('plat-console secrets key id').update(key).digest('hex').slice(0, 12);
}

/** The key sandbox mode seals with when none is configured: sandbox data is demo data, not a secret. */
export const SANDBOX_SECRETS_KEY = createHash('sha256').update('plat-console sandbox secrets key (not a secret)').digest();

/** A sealed value whose key the console was not given. */
export class UnknownSealingKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`a secret is sealed with a key this console was not given (key id ${keyId})`);
    this.name = 'UnknownSealingKeyError';
  }
}

/**
 * Seals secrets the console must read back (authenticator app secrets, webhook signing secrets) with
 * AES-256-GCM under the configured key, so a copy of the store alone does not give them away. Each
 * sealed value names its key by id: earlier keys, given for a rotation, still open what they sealed,
 * and `isCurrent` tells which values to seal again under the current key.
 */
export class SecretSealer {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string | null;

  constructor(keys: { current: Buffer | null; previous?: readonly Buffer[] }) {
    this.currentKeyId = keys.current ? keyIdOf(keys.current) : null;
    for (const key of [...(keys.previous ?? []), ...(keys.current ? [keys.current] : [])]) this.keys.set(keyIdOf(key), key);
  }

  /** Whether a key to seal with was configured. */
  get canSeal(): boolean {
    return this.currentKeyId !== null;
  }

  seal(plain: string): string {
    const key = this.currentKeyId && this.keys.get(this.currentKeyId);
    if (!key) throw new Error('no secrets key is configured to seal with');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}:${this.currentKeyId}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  open(value: string): string {
    const { keyId, iv, sealed } = parts(value);
    const key = this.keys.get(keyId);
    if (!key) throw new UnknownSealingKeyError(keyId);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** Whether `value` is sealed under the current key (else a rotation should seal it again). */
  isCurrent(value: string): boolean {
    return parts(value).keyId === this.currentKeyId;
  }
}

function parts(value: string): { keyId: string; iv: Buffer; sealed: Buffer } {
  const [prefix, version, keyId, iv, sealed] = value.split(':');
  if (`${prefix}:${version}` !== PREFIX || !keyId || !iv || !sealed) throw new Error('not a sealed value');
  return { keyId, iv: Buffer.from(iv, 'base64url'), sealed: Buffer.from(sealed, 'base64url') };
}

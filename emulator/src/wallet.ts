import { generateKeyPairSync } from 'node:crypto';
import { Keypair, StrKey } from '@stellar/stellar-sdk';
import { encodeAccountId, encodeSecretSeed } from './strkey.ts';

export interface Wallet {
  address: string;
  seed: string;
}

export function generateWallet(): Wallet {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.d === undefined || jwk.x === undefined) throw new Error('ed25519 JWK export lacks d or x');
  return {
    address: encodeAccountId(Buffer.from(jwk.x, 'base64url')),
    seed: encodeSecretSeed(Buffer.from(jwk.d, 'base64url')),
  };
}

/** The wallet of a given secret seed (S…), checksum included. */
export function walletFromSeed(seed: string): Wallet {
  if (!StrKey.isValidEd25519SecretSeed(seed)) throw new Error('the wallet seed must be a Stellar secret seed (S…, 56 characters)');
  return { address: Keypair.fromSecret(seed).publicKey(), seed };
}

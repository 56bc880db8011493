import { Keypair, StrKey } from '@stellar/stellar-base';
import type { Transaction } from '@stellar/stellar-base';

/** The app wallet's key pair. The seed stays in a private field: it is never logged, serialised or returned. */
export class AppWallet {
  readonly publicKey: string;
  readonly #keypair: Keypair;

  constructor(seed: string) {
    if (!StrKey.isValidEd25519SecretSeed(seed)) throw new Error('the app wallet seed is not a valid secret seed (S…, 56 characters)');
    this.#keypair = Keypair.fromSecret(seed);
    this.publicKey = this.#keypair.publicKey();
  }

  sign(transaction: Transaction): void {
    transaction.sign(this.#keypair);
  }
}

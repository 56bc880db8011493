import { Keypair } from '@stellar/stellar-sdk';
import { AppWallet } from '../../../bff/src/chain/app-wallet.ts';
import { signA2UTransaction } from '../../../bff/src/chain/a2u-transaction.ts';
import type { SignedA2UTransaction } from '../../../bff/src/chain/a2u-transaction.ts';
import { HorizonClient } from '../../../bff/src/chain/horizon-client.ts';
import type { HorizonClientOptions } from '../../../bff/src/chain/horizon-client.ts';
import { PlatformClient } from '../../../bff/src/platform/platform-client.ts';
import type { Payment } from '../../../bff/src/platform/schemas.ts';
import { startEmulator } from '../../../emulator/src/emulator.ts';
import type { EmulatorOptions, RunningEmulator } from '../../../emulator/src/emulator.ts';
import { createUser } from '../../support/emulator-control.ts';

/** An emulator whose app wallet is the console's, with the clients the console would use. */
export interface ChainFixture {
  emulator: RunningEmulator;
  wallet: AppWallet;
  platform: PlatformClient;
  horizon(options?: Omit<HorizonClientOptions, 'baseUrl'>): HorizonClient;
  /** A new user and an A2U payment to them, as the platform client reads it. */
  newPayment(amount?: string): Promise<Payment>;
  /** Signs the payment's transaction with the account's next sequence and the network's base fee. */
  sign(payment: Payment, client?: HorizonClient): Promise<SignedA2UTransaction>;
  close(): Promise<void>;
}

export async function startChainFixture(options: EmulatorOptions = {}): Promise<ChainFixture> {
  const seed = Keypair.random().secret();
  const emulator = await startEmulator({ ...options, walletSeed: seed });
  const wallet = new AppWallet(seed);
  const platform = new PlatformClient({ baseUrl: emulator.url, apiKey: emulator.key });
  const clients: HorizonClient[] = [];
  const horizon = (clientOptions: Omit<HorizonClientOptions, 'baseUrl'> = {}): HorizonClient => {
    const client = new HorizonClient({ baseUrl: emulator.horizonUrl, ...clientOptions });
    clients.push(client);
    return client;
  };
  const defaultClient = horizon();
  return {
    emulator,
    wallet,
    platform,
    horizon,
    async newPayment(amount = '1') {
      const user = await createUser(emulator);
      return platform.createPayment({ amount, memo: 'Reward', metadata: { test: true }, uid: user.uid });
    },
    async sign(payment, client = defaultClient) {
      const sequence = (await client.loadSequence(wallet.publicKey)) + 1n;
      const feeStroops = await client.baseFee();
      return signA2UTransaction(wallet, { payment, sequence, feeStroops, nowSeconds: Math.floor(Date.now() / 1000) });
    },
    async close() {
      await Promise.all([...clients.map((client) => client.close()), platform.close()]);
      await emulator.close();
    },
  };
}

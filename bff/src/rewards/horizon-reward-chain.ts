import { signA2UTransaction } from '../chain/a2u-transaction.ts';
import { AppWallet } from '../chain/app-wallet.ts';
import { HorizonClient } from '../chain/horizon-client.ts';
import type { PaymentToSign, RewardChain, SignedEnvelope, SubmitOutcome, TransactionLookup } from './reward-chain.ts';

/** The reward pipeline's blockchain: the app wallet signs, Horizon takes and finds transactions. */
export class HorizonRewardChain implements RewardChain {
  readonly walletAddress: string;
  private readonly wallet: AppWallet;
  private readonly horizon: HorizonClient;

  constructor(options: { horizonUrl: string; walletSeed: string; timeoutMs: number }) {
    this.wallet = new AppWallet(options.walletSeed);
    this.walletAddress = this.wallet.publicKey;
    this.horizon = new HorizonClient({ baseUrl: options.horizonUrl, timeoutMs: options.timeoutMs });
  }

  loadSequence(accountId: string): Promise<bigint> {
    return this.horizon.loadSequence(accountId);
  }

  baseFee(): Promise<number> {
    return this.horizon.baseFee();
  }

  sign(payment: PaymentToSign, sequence: bigint, feeStroops: number): SignedEnvelope {
    // The ledger's clock, not the console's: time bounds are checked against real time.
    const signed = signA2UTransaction(this.wallet, { payment, sequence, feeStroops, nowSeconds: Math.floor(Date.now() / 1000) });
    return { envelopeXdr: signed.envelopeXdr, hash: signed.hash, sequence: BigInt(signed.sequence), maxTime: signed.maxTime };
  }

  async submit(envelopeXdr: string): Promise<SubmitOutcome> {
    const outcome = await this.horizon.submit(envelopeXdr);
    return outcome.applied ? { applied: true } : { applied: false, resultCode: outcome.resultCode, operationCodes: outcome.operationCodes };
  }

  async lookup(hash: string): Promise<TransactionLookup> {
    const found = await this.horizon.lookup(hash);
    return found.found ? { found: true, successful: found.successful } : { found: false };
  }

  close(): Promise<void> {
    return this.horizon.close();
  }
}

import { signA2UTransaction } from '../chain/a2u-transaction.ts';
import { AppWallet } from '../chain/app-wallet.ts';
import type { HorizonClient } from '../chain/horizon-client.ts';
import { NetworkClock } from '../chain/network-clock.ts';
import type { LatestLedger, PaymentToSign, RewardChain, SignedEnvelope, SubmitOutcome, TransactionLookup } from './reward-chain.ts';

export interface HorizonRewardChainOptions {
  /** Shared with the wallet's reads; its owner closes it. */
  horizon: HorizonClient;
  walletSeed: string;
  /** How long a signed transaction stays valid (see TRANSACTION_LIFETIME_SECONDS). */
  transactionLifetimeSeconds?: number;
}

/** The reward pipeline's blockchain: the app wallet signs, Horizon takes and finds transactions and keeps the time. */
export class HorizonRewardChain implements RewardChain {
  readonly walletAddress: string;
  private readonly wallet: AppWallet;
  private readonly horizon: HorizonClient;
  private readonly clock: NetworkClock;

  constructor(private readonly options: HorizonRewardChainOptions) {
    this.wallet = new AppWallet(options.walletSeed);
    this.walletAddress = this.wallet.publicKey;
    this.horizon = options.horizon;
    this.clock = new NetworkClock(this.horizon);
  }

  loadSequence(accountId: string): Promise<bigint> {
    return this.horizon.loadSequence(accountId);
  }

  baseFee(): Promise<number> {
    return this.horizon.baseFee();
  }

  async sign(payment: PaymentToSign, sequence: bigint, feeStroops: number): Promise<SignedEnvelope> {
    const nowSeconds = await this.clock.nowSeconds();
    const { transactionLifetimeSeconds: lifetimeSeconds } = this.options;
    const signed = signA2UTransaction(this.wallet, { payment, sequence, feeStroops, nowSeconds, ...(lifetimeSeconds === undefined ? {} : { lifetimeSeconds }) });
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

  async latestLedger(maxAgeMs: number): Promise<LatestLedger> {
    const { sequence, closedAtMs } = await this.clock.latest(maxAgeMs);
    return { sequence, closedAtMs };
  }

  ledgerMs(): Promise<number> {
    return this.clock.ledgerMs();
  }
}

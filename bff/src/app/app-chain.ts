import { HorizonClient } from '../chain/horizon-client.ts';
import type { UpstreamObserver } from '../upstream/upstream-observer.ts';
import { HorizonRewardChain } from '../rewards/horizon-reward-chain.ts';
import { HorizonWallet } from '../wallet/horizon-wallet.ts';

export interface AppChainOptions {
  horizonUrl: string;
  walletSeed: string;
  /** Deadline of one read. */
  timeoutMs: number;
  /** Deadline of one submission; longer than Horizon's own wait (see HorizonClient). */
  submitTimeoutMs?: number | undefined;
  /** How long a signed transaction stays valid (see TRANSACTION_LIFETIME_SECONDS). */
  transactionLifetimeSeconds?: number | undefined;
  /** Told of every call to Horizon (the metrics). */
  observer?: UpstreamObserver | undefined;
}

/** The app wallet on the blockchain: rewards pay from it, the wallet page and reconciliation read it, over one Horizon client. */
export interface AppChain {
  rewardChain: HorizonRewardChain;
  wallet: HorizonWallet;
  close(): Promise<void>;
}

export function openAppChain({ horizonUrl, walletSeed, timeoutMs, submitTimeoutMs, transactionLifetimeSeconds, observer }: AppChainOptions): AppChain {
  const horizon = new HorizonClient({ baseUrl: horizonUrl, timeoutMs, ...(submitTimeoutMs === undefined ? {} : { submitTimeoutMs }), ...(observer ? { observer } : {}) });
  const rewardChain = new HorizonRewardChain({ horizon, walletSeed, ...(transactionLifetimeSeconds === undefined ? {} : { transactionLifetimeSeconds }) });
  const wallet = new HorizonWallet({ horizon, horizonUrl, address: rewardChain.walletAddress });
  return { rewardChain, wallet, close: () => horizon.close() };
}

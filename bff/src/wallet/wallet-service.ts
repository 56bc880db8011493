import { fixedAmount, toScaled } from '../../../common/amount.ts';
import type { AccountPayment } from '../chain/horizon-client.ts';
import type { Database } from '../store/database.ts';
import type { AuditedSetting } from '../audit/audited-setting.ts';
import { walletFigures, type WalletFigures } from './wallet-figures.ts';
import type { WalletChain } from './wallet-chain.ts';
import type { WalletSettings } from './wallet-settings.ts';

/** How many of the wallet's latest payments the page lists. */
export const RECENT_PAYMENTS = 20;

/** Every amount is a decimal string with all 7 places, computed on stroops. */
export interface WalletView {
  address: string;
  network: string;
  balance: string;
  /** What the network makes the account keep: (2 + subentries) × base reserve. */
  minimumBalance: string;
  baseFee: string;
  baseReserve: string;
  /** Rewards accepted and not yet on the ledger: their amounts plus one base fee each. */
  reserved: { amount: string; rewards: number };
  /** balance − minimum − reserved; negative when the accepted work cannot all be paid. */
  available: string;
  lowBalance: { threshold: string; below: boolean } | null;
  recent: WalletPaymentView[];
}

export interface WalletPaymentView {
  hash: string;
  transactionLink: string;
  ledger: number;
  createdAt: string;
  successful: boolean;
  direction: 'out' | 'in';
  /** The other side: the destination of money out, the sender of money in. */
  counterparty: string | null;
  amount: string | null;
  /** What the wallet paid for it: the fee of a transaction it sent, nothing for one sent to it. */
  fee: string;
  memo: string | null;
}

/** The app wallet's money: what it holds, what the network makes it keep, what accepted work will take. */
export class WalletService {
  constructor(private readonly deps: { db: Database; chain: WalletChain | null; settings: AuditedSetting<WalletSettings> }) {}

  /** Null when the console has no app wallet (no seed or no Horizon). */
  async view(): Promise<WalletView | null> {
    const { chain, db, settings } = this.deps;
    if (!chain) return null;
    const [network, figures, recent, { lowBalance }] = await Promise.all([chain.network(), walletFigures(db, chain), chain.recentPayments(RECENT_PAYMENTS), settings.get()]);
    const { available } = figures;
    return {
      address: chain.address,
      network,
      balance: fixedAmount(figures.balance),
      minimumBalance: fixedAmount(figures.minimum),
      baseFee: fixedAmount(figures.baseFee),
      baseReserve: fixedAmount(figures.baseReserve),
      reserved: { amount: fixedAmount(figures.reserved), rewards: figures.reservedRewards },
      available: fixedAmount(available),
      lowBalance: lowBalance === null ? null : { threshold: fixedAmount(toScaled(lowBalance)), below: available < toScaled(lowBalance) },
      recent: recent.map((payment) => this.paymentView(chain, payment)),
    };
  }

  /** The wallet's money now and the low-balance threshold in stroops (null: none set); null without a wallet. */
  async readings(): Promise<{ figures: WalletFigures; lowBalanceStroops: bigint | null } | null> {
    const { chain, db, settings } = this.deps;
    if (!chain) return null;
    const [figures, { lowBalance }] = await Promise.all([walletFigures(db, chain), settings.get()]);
    return { figures, lowBalanceStroops: lowBalance === null ? null : toScaled(lowBalance) };
  }

  private paymentView(chain: WalletChain, payment: AccountPayment): WalletPaymentView {
    const out = payment.from === chain.address;
    return {
      hash: payment.hash,
      transactionLink: chain.transactionLink(payment.hash),
      ledger: payment.ledger,
      createdAt: payment.createdAt,
      successful: payment.successful,
      direction: out ? 'out' : 'in',
      counterparty: out ? payment.to : payment.from,
      amount: payment.amountStroops === null ? null : fixedAmount(payment.amountStroops),
      fee: fixedAmount(payment.source === chain.address ? payment.feeChargedStroops : 0n),
      memo: payment.memo,
    };
  }
}

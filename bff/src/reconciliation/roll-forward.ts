import { eq } from 'drizzle-orm';
import { fixedAmount } from '../../../common/amount.ts';
import { refusal } from '../domain/refusal.ts';
import type { Database } from '../store/database.ts';
import { reconciliationCursor } from '../store/schema.ts';
import type { ReconciliationChain } from './reconciliation-chain.ts';
import { net, type Span, type WalletMovements } from './wallet-movements.ts';

/** Every figure a 7-place decimal string. */
export interface RollForward {
  from: string | null;
  to: string | null;
  opening: string;
  incoming: string;
  outgoing: string;
  fees: string;
  /** opening + incoming − outgoing − fees. */
  closing: string;
  /** The wallet's balance on the chain at `to`: now, less what the history read moved since. */
  chainBalance: string;
  /** closing − chainBalance: zero to the stroop when the books tie. */
  difference: string;
}

/**
 * The wallet's balance rolled forward over a period of the history read, as a payout report does:
 * opening, money in, money out, fees (failed transactions' too), closing, against the chain.
 */
export class RollForwardReport {
  constructor(private readonly deps: { db: Database; chain: ReconciliationChain | null; movements: WalletMovements }) {}

  async over({ from, to }: Span): Promise<RollForward> {
    const { chain, movements } = this.deps;
    if (!chain) throw refusal('conflict', 'no_wallet', 'The console has no app wallet to reconcile.');
    if (from && to && from > to) throw refusal('invalid_input', 'invalid_input', 'from: must not be after to');
    const [historyOpening, before, during, after, account] = await Promise.all([
      this.historyOpening(),
      from ? movements.over({ to: from }) : null,
      movements.over({ from, to }),
      to ? movements.over({ from: to }) : null,
      chain.account(),
    ]);
    const opening = historyOpening + (before ? net(before) : 0n);
    const closing = opening + net(during);
    const chainBalance = account.balanceStroops - (after ? net(after) : 0n);
    return {
      from: from?.toISOString() ?? null,
      to: to?.toISOString() ?? null,
      opening: fixedAmount(opening),
      incoming: fixedAmount(during.incoming),
      outgoing: fixedAmount(during.outgoing),
      fees: fixedAmount(during.fees),
      closing: fixedAmount(closing),
      chainBalance: fixedAmount(chainBalance),
      difference: fixedAmount(closing - chainBalance),
    };
  }

  /** The balance before the first listed operation; 0 until a run has read the history to its end. */
  private async historyOpening(): Promise<bigint> {
    const [row] = await this.deps.db.select({ stroops: reconciliationCursor.historyOpeningStroops }).from(reconciliationCursor).where(eq(reconciliationCursor.id, 1));
    return row?.stroops ?? 0n;
  }
}

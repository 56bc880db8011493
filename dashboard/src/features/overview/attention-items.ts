import type { Permission } from '../../lib/access.ts';
import { batchesViewPath } from '../../display/batch/batch-filters.ts';
import { rewardsViewPath } from '../../display/reward/reward-filters.ts';
import type { Wallet } from '../../display/wallet/get-wallet.ts';
import { WALLET_PATH } from '../../display/wallet/wallet-path.ts';
import type { Overview } from './api/get-overview.ts';
import { approvedWithoutTransactionPath, incompletePath, openExceptionsPath, stuckUserPaymentsPath } from './overview-links.ts';

/** One thing that needs a person, in words, with the page where it is done. */
export interface AttentionItem {
  text: string;
  to: string;
}

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * What needs the signed-in staff member now: each a count and a link, only where there is something
 * and only for a role that can act on it (approvals have their own card).
 */
export function attentionItems({ overview, lowWallet, may }: { overview: Overview; lowWallet: Wallet | null; may: (permission: Permission) => boolean }): AttentionItem[] {
  const { attention, incompleteServerPayments, stuckUserPayments, approvedWithoutTransaction, stuckAfterMinutes } = overview;
  const items: AttentionItem[] = [];
  const add = (when: boolean, text: string, to: string) => {
    if (when) items.push({ text, to });
  };
  add(
    may('rewards:pay') && attention.rewardsNeedingAttention > 0,
    `${counted(attention.rewardsNeedingAttention, 'reward needs', 'rewards need')} a person: set aside, or failed for a reason a retry can mend`,
    rewardsViewPath({ state: ['needs_attention', 'failed'] }),
  );
  add(
    may('rewards:pay') && attention.heldUpBatches > 0,
    `${counted(attention.heldUpBatches, 'batch is', 'batches are')} held up: paused, or with rows blocked by an unfinished payment`,
    batchesViewPath({ state: ['paused', 'running'] }),
  );
  add(
    may('incomplete:clear') && (incompleteServerPayments ?? 0) > 0,
    `Clear ${counted(incompleteServerPayments ?? 0, 'incomplete payment', 'incomplete payments')}: each blocks the app's next payment to its user`,
    incompletePath,
  );
  add(
    may('payments:act') && stuckUserPayments > 0,
    `Complete ${counted(stuckUserPayments, 'user payment', 'user payments')} the user paid and the app never completed`,
    stuckUserPaymentsPath,
  );
  add(
    may('payments:act') && approvedWithoutTransaction > 0,
    `Look at ${counted(approvedWithoutTransaction, 'approved payment', 'approved payments')} without a transaction for ${stuckAfterMinutes}+ minutes`,
    approvedWithoutTransactionPath(stuckAfterMinutes),
  );
  add(
    may('reconciliation:act') && attention.openExceptions > 0,
    `Acknowledge or resolve ${counted(attention.openExceptions, 'open reconciliation exception', 'open reconciliation exceptions')}`,
    openExceptionsPath,
  );
  if (lowWallet?.lowBalance) {
    items.push({
      text: `Fund the app wallet: ${lowWallet.available} available, below the low-balance threshold of ${lowWallet.lowBalance.threshold}`,
      to: WALLET_PATH,
    });
  }
  return items;
}

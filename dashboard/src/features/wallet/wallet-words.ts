import { toScaled } from '../../../../common/amount.ts';
import type { Wallet } from '../../display/wallet/get-wallet.ts';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** An amount the server computed can be below zero (available funds short of accepted work); its text says so. */
export function isNegativeAmount(amount: string): boolean {
  return amount.startsWith('-');
}

/** How many subentries the minimum balance counts: minimum = (2 + subentries) × base reserve, computed on stroops. */
function subentries({ minimumBalance, baseReserve }: Wallet): bigint | null {
  const reserve = toScaled(baseReserve);
  return reserve > 0n ? toScaled(minimumBalance) / reserve - 2n : null;
}

/** Why the network keeps the minimum balance in the account, with the wallet's own numbers. */
export function minimumBalanceWords(wallet: Wallet): string {
  const count = subentries(wallet);
  const entries = count === null ? 'its subentries' : plural(Number(count), 'subentry', 'subentries');
  return `(2 + subentries) × base reserve: the network makes the account keep two base reserves for itself and one more for each trustline, offer, signer or data entry it holds (${entries}), at ${wallet.baseReserve} each. It cannot be spent.`;
}

/** What the reserved amount is for. */
export function reservedWords({ reserved }: Wallet): string {
  if (reserved.rewards === 0) return 'No rewards are accepted and waiting for the ledger.';
  return `${plural(reserved.rewards, 'reward', 'rewards')} accepted and not yet on the ledger, with their fees.`;
}

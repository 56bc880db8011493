import type { Wallet } from '../wallet/api/get-wallet.ts';
import { WALLET_PATH } from '../wallet/wallet-path.ts';

/** One thing that needs a person, in words, with the page where it is done. */
export interface AttentionItem {
  text: string;
  to: string;
}

/** What needs a person now, from what the overview reads besides its counts. */
export function attentionItems({ lowWallet }: { lowWallet: Wallet | null }): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (lowWallet?.lowBalance) {
    items.push({
      text: `Fund the app wallet: ${lowWallet.available} available, below the low-balance threshold of ${lowWallet.lowBalance.threshold}`,
      to: WALLET_PATH,
    });
  }
  return items;
}

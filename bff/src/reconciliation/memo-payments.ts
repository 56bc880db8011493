import type { AccountPayment } from '../chain/horizon-client.ts';
import type { PaymentImporter } from '../payments/payment-import.ts';
import { pathIdProblemWords } from '../platform/ids.ts';
import { PlatformError } from '../platform/platform-error.ts';
import { memoPaymentId, type PageKnowledge } from './chain-matching.ts';
import type { WalletHistoryStore } from './wallet-history-store.ts';

/**
 * What is known of the payments a page's memos name: the index first; a memo the index does not know
 * is read from the platform (and indexed) before anything is decided. A platform that does not answer
 * stops the run before the page is recorded, so the next run decides it.
 */
export async function knowledgeOfPage(page: readonly AccountPayment[], wallet: string, deps: { store: WalletHistoryStore; importer: PaymentImporter }): Promise<PageKnowledge> {
  const named = page.filter((record) => record.successful && record.amountStroops !== null).map(memoPaymentId);
  const ids = [...new Set(named.filter((id): id is string => id !== null))];
  const indexed = await deps.store.knowledgeFor(ids);
  const unknown = ids.filter((id) => !indexed.payments.has(id) && pathIdProblemWords(id) === null);
  if (unknown.length === 0) return { wallet, ...indexed };
  const results = await deps.importer.runAll(unknown, 'reconciliation');
  const failed = results.find((result) => result.result === 'error');
  if (failed?.result === 'error') {
    throw new PlatformError({ status: null, code: failed.code, message: `The platform could not say whether payment ${failed.id} exists (${failed.message}); the reading stops here and goes on at the next run.` });
  }
  return results.some((result) => result.result === 'indexed') ? { wallet, ...(await deps.store.knowledgeFor(ids)) } : { wallet, ...indexed };
}

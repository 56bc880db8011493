import type { PaymentState } from '../../../common/payment-states.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { mapConcurrent } from '../concurrency.ts';
import { distinctIds, pathIdProblemWords } from '../platform/ids.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import { isRetryable } from '../upstream/upstream-error.ts';
import type { IndexSource, PaymentIndex } from './payment-index.ts';
import { derivePaymentState } from './payment-state.ts';

export type ImportResult =
  | { id: string; result: 'indexed'; state: PaymentState }
  | { id: string; result: 'not_found' }
  | { id: string; result: 'invalid'; message: string }
  | { id: string; result: 'error'; code: string; message: string };

const CONCURRENCY = 8;
const SECOND_CHANCE_CONCURRENCY = 2;
// Fetched payments are written in batches: one transaction per payment would make large imports crawl.
const BATCH = 100;
// After an import this large the index's statistics are refreshed (see PaymentIndex.analyze).
const ANALYZE_AFTER = 1_000;

/** `transient`: the platform did not answer in time, or was busy; asking again later may succeed. */
type Fetched = { id: string; payment: Payment } | { id: string; failed: ImportResult; transient: boolean };

/**
 * Fetches payments by id from the platform (never trusting a payload) with bounded concurrency, and
 * indexes them. Yields one result per distinct id once it is indexed or has failed.
 */
export class PaymentImporter {
  constructor(private readonly deps: { platform: PlatformClient; index: PaymentIndex; audit: AuditLog }) {}

  /** An import a staff member asked for, audited before it starts: how many distinct ids, and their results as they come. */
  async startImport(ids: readonly string[], origin: AuditOrigin): Promise<{ total: number; results: AsyncGenerator<ImportResult> }> {
    await this.deps.audit.append({ ...origin, action: 'payments.import', target: null, outcome: 'ok', details: { count: ids.length } });
    return { total: distinctIds(ids).length, results: this.run(ids, 'import') };
  }

  async *run(ids: readonly string[], source: IndexSource): AsyncGenerator<ImportResult> {
    const distinct = distinctIds(ids);
    const valid: string[] = [];
    for (const id of distinct) {
      const problem = pathIdProblemWords(id);
      if (problem) yield { id, result: 'invalid', message: `The id ${problem}.` };
      else valid.push(id);
    }
    const secondChance: string[] = [];
    yield* this.fetchAndIndex(valid, CONCURRENCY, source, secondChance);
    // A read that timed out or met a busy platform is asked once more when the rest is done, a few at a
    // time: a stall of the moment (a loaded machine, a burst of 429s) must not leave a payment out.
    yield* this.fetchAndIndex(secondChance, SECOND_CHANCE_CONCURRENCY, source, null);
    if (valid.length >= ANALYZE_AFTER) await this.deps.index.analyze();
  }

  /** Fetches and indexes `ids`; transient failures go to `retryLater` when given, else they are results. */
  private async *fetchAndIndex(ids: readonly string[], concurrency: number, source: IndexSource, retryLater: string[] | null): AsyncGenerator<ImportResult> {
    // One batch is written while the next one is fetched; a batch's results come once it is written.
    let batch: Payment[] = [];
    let writing: Promise<ImportResult[]> | null = null;
    for await (const fetched of mapConcurrent(ids, concurrency, (id) => this.fetch(id))) {
      if ('failed' in fetched) {
        if (retryLater && fetched.transient) retryLater.push(fetched.id);
        else yield fetched.failed;
        continue;
      }
      batch.push(fetched.payment);
      if (batch.length < BATCH) continue;
      if (writing) yield* await writing;
      writing = this.write(batch, source);
      batch = [];
    }
    if (writing) yield* await writing;
    if (batch.length > 0) yield* await this.write(batch, source);
  }

  async runAll(ids: readonly string[], source: IndexSource): Promise<ImportResult[]> {
    const results: ImportResult[] = [];
    for await (const result of this.run(ids, source)) results.push(result);
    return results;
  }

  private write(payments: Payment[], source: IndexSource): Promise<ImportResult[]> {
    const written = this.deps.index
      .record(payments, source)
      .then(() => payments.map((payment): ImportResult => ({ id: payment.identifier, result: 'indexed', state: derivePaymentState(payment) })));
    // Awaited later; until then a failure must not count as unhandled (nor when the caller stops early).
    written.catch(() => {});
    return written;
  }

  private async fetch(id: string): Promise<Fetched> {
    try {
      return { id, payment: await this.deps.platform.getPayment(id) };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.status === 404) return { id, failed: { id, result: 'not_found' }, transient: false };
      return { id, failed: { id, result: 'error', code: error.code, message: error.message }, transient: isRetryable(error) };
    }
  }
}

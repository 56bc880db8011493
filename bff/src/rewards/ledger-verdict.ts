import type { RewardChain, SubmitOutcome } from './reward-chain.ts';
import { isFinalChainFailure } from './upstream-verdicts.ts';

/** What the ledger says of a sent envelope. */
export type LedgerVerdict =
  | { kind: 'applied' }
  /** In a ledger as failed, or refused for a reason no new envelope mends: a person decides. */
  | { kind: 'failed'; code: string }
  /** Never applied, and never will be: a new transaction may be built. */
  | { kind: 'never'; code: string }
  | { kind: 'pending'; nextLookupMs: number };

export interface SentEnvelope {
  hash: string;
  sequence: bigint;
  maxTime: Date;
  /** The account that signed it. */
  source: string;
}

/**
 * What the ledger says of the envelope, after `outcome` (null when no definite answer came). The
 * clock and the account's sequence are read before the hash is looked up, so "not found" after them
 * is final: a ledger closed past the envelope's maxTime, or another transaction took its sequence
 * number, and this envelope can never apply.
 */
export async function askLedger(chain: RewardChain, envelope: SentEnvelope, outcome: SubmitOutcome | null): Promise<LedgerVerdict> {
  const latest = await chain.latestLedger(0);
  const accountSequence = await chain.loadSequence(envelope.source);
  const onLedger = await chain.lookup(envelope.hash);
  const refused = outcome && !outcome.applied ? outcome : null;
  if (onLedger.found) return onLedger.successful ? { kind: 'applied' } : { kind: 'failed', code: refused?.resultCode ?? 'tx_failed' };
  if (refused) {
    // A definite refusal: the network did not take the envelope, and will not unless it is sent again.
    return isFinalChainFailure(refused.resultCode) ? { kind: 'failed', code: refused.resultCode } : { kind: 'never', code: refused.resultCode };
  }
  if (latest.closedAtMs > envelope.maxTime.getTime()) return { kind: 'never', code: 'expired' };
  if (accountSequence >= envelope.sequence) return { kind: 'never', code: 'sequence_taken' };
  return { kind: 'pending', nextLookupMs: await chain.ledgerMs() };
}

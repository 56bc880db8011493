import { fromScaled, toScaled } from '../../../common/amount.ts';
import { rejectionView, type RejectionView } from '../rewards/rejection.ts';
import { userNamesOf, type UserNames } from '../store/app-user-names.ts';
import type { BatchRowNote } from '../store/schema.ts';
import type { BatchRecord, BatchResultRow, BatchState } from './batch-store.ts';
import type { RewardState } from '../rewards/reward-row.ts';
import { CANCELLED_STATES, FAILED_STATES, PAID_STATES, facetCounts, type BatchRowFacet } from './batch-row-facets.ts';
import { batchRowStory, type BatchResultState } from './batch-row-story.ts';

export interface BatchProgress {
  /** Rewards of the batch: paid, ended without paying, cancelled (or rejected) before they started, still to go. */
  done: number;
  failed: number;
  cancelled: number;
  remaining: number;
  /** Of the remaining, rows waiting for another open payment: they go at no ledger's pace, so the time left leaves them out. */
  blocked: number;
  total: number;
  /** Rows settled per second since the batch started (null before any). */
  ratePerSecond: number | null;
  /** The other remaining rows at one payment per ledger (the network's bound), at the observed ledger pace; null when the pace is unknown. */
  secondsLeft: number | null;
}

/** How long the batch's valid rows take at one payment per ledger, at the pace read from Horizon. */
export interface LedgerPaceEstimate {
  /** The observed time between ledgers. */
  ledgerMs: number;
  seconds: number;
}

export interface BatchView {
  id: string;
  state: BatchState;
  fileName: string | null;
  requestedBy: { id: string; email: string | null };
  approvedBy: string | null;
  /** Who rejected it instead, when and why: none of its rows is paid. */
  rejection: RejectionView | null;
  retryOf: string | null;
  rows: number;
  valid: number;
  invalid: number;
  users: number;
  total: string;
  flags: { duplicateRows: number; duplicateUsers: number; overCap: number; unseenUsers: number };
  progress: BatchProgress;
  /** How many rows each facet of the page holds (the rows endpoint's `facet` lists them). */
  facets: Record<BatchRowFacet, number>;
  /** Failed rows that "Retry failed rows" offers again, and those it leaves out: a refusal proved that no retry pays them. */
  failedRows: { retryable: number; leftOut: number };
  /** All valid rows at the network's pace; null when the console has no wallet or Horizon did not answer. */
  atLedgerPace: LedgerPaceEstimate | null;
  createdAt: string;
  /** When paying began: at start, or at approval for a batch that waited for it. */
  startedAt: string | null;
  finishedAt: string | null;
  /** Paused for funds: what the app wallet lacks to pay the work accepted; it goes on by itself once funded. */
  needsFunds: string | null;
  /**
   * Before start or approval: what the wallet lacks to pay these rows and their fees beside the work
   * already accepted ("0" when it can); null when unknown (no wallet, or Horizon did not answer).
   */
  shortfallToStart: string | null;
  /** Before start: the network's fees for the valid rows, one base fee each at the latest ledger; null when unknown or started. */
  networkFees: string | null;
  /** Before start: the approval threshold when the batch's total is over it (a second person must approve it); null otherwise. */
  needsApprovalOver: string | null;
}

export interface BatchNoteView {
  line: number;
  uid: string;
  /** The app's names of the row's user; null when it named them nothing. */
  userNames: UserNames | null;
  problems: BatchRowNote[];
  warnings: BatchRowNote[];
}


/** One uploaded row's result: `invalid` rows were never paid; `not_started` rows of a batch not started yet. */
export interface BatchResultView {
  line: number;
  uid: string;
  /** The app's names of the row's user; null when it named them nothing. */
  userNames: UserNames | null;
  amount: string;
  memo: string;
  state: BatchResultState;
  rewardId: string | null;
  paymentId: string | null;
  txid: string | null;
  /** The transaction on the blockchain's Horizon API, as the platform links it. */
  transactionLink: string | null;
  /** The open payment that holds the row (the ongoing-payment rule). */
  blockedBy: string | null;
  error: { code: string; message: string } | null;
  /** Why the row stands where it does, in words; null for a row paid or on its way without a hitch. */
  reason: string | null;
  /** What to do about it and who can; null when nothing is to be done. */
  nextStep: string | null;
}

export interface BatchFigures {
  counts: Map<RewardState, number>;
  blocked: number;
  /** The observed time between ledgers, or null when unknown. */
  ledgerMs: number | null;
  /** In stroops, for a batch not started; null when unknown or not asked. */
  shortfallToStart?: bigint | null;
  /** One base fee, in stroops, for a batch not started; null when unknown or not asked. */
  baseFee?: bigint | null;
  /** The approval threshold, for a batch not started; null when none or not asked. */
  approvalThreshold?: string | null;
  failedRows: { retryable: number; leftOut: number };
  now: Date;
}

/** Seconds for `rows` payments, one per ledger. */
const atOnePerLedger = (rows: number, ledgerMs: number): number => Math.ceil((rows * ledgerMs) / 1000);

export function batchView({ batch, requesterEmail, rejecterEmail }: BatchRecord, { counts, blocked, ledgerMs, shortfallToStart = null, baseFee = null, approvalThreshold = null, failedRows, now }: BatchFigures): BatchView {
  const sum = (states: readonly RewardState[]) => states.reduce((total, state) => total + (counts.get(state) ?? 0), 0);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const done = sum(PAID_STATES);
  const failed = sum(FAILED_STATES);
  const cancelled = sum(CANCELLED_STATES);
  const remaining = total - done - failed - cancelled;
  const elapsedSeconds = batch.startedAt ? (now.getTime() - batch.startedAt.getTime()) / 1000 : 0;
  const ratePerSecond = elapsedSeconds > 0 && done + failed > 0 ? (done + failed) / elapsedSeconds : null;
  return {
    id: batch.id,
    state: batch.state,
    fileName: batch.fileName,
    requestedBy: { id: batch.requestedBy, email: requesterEmail },
    approvedBy: batch.approvedBy,
    rejection: rejectionView(batch, rejecterEmail),
    retryOf: batch.retryOf,
    rows: batch.rowCount,
    valid: batch.validCount,
    invalid: batch.rowCount - batch.validCount,
    users: batch.userCount,
    total: fromScaled(toScaled(batch.totalAmount)),
    flags: { ...batch.flags, unseenUsers: batch.flags.unseenUsers ?? 0 },
    facets: facetCounts(batch.rowCount, counts, blocked),
    failedRows,
    progress: { done, failed, cancelled, remaining, blocked, total, ratePerSecond, secondsLeft: ledgerMs === null ? null : atOnePerLedger(remaining - blocked, ledgerMs) },
    atLedgerPace: ledgerMs === null ? null : { ledgerMs, seconds: atOnePerLedger(batch.validCount, ledgerMs) },
    createdAt: batch.createdAt.toISOString(),
    startedAt: batch.startedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
    needsFunds: batch.needsFunds === null ? null : fromScaled(toScaled(batch.needsFunds)),
    shortfallToStart: shortfallToStart === null ? null : fromScaled(shortfallToStart),
    networkFees: baseFee === null ? null : fromScaled(baseFee * BigInt(batch.validCount)),
    needsApprovalOver: approvalThreshold !== null && toScaled(batch.totalAmount) > toScaled(approvalThreshold) ? approvalThreshold : null,
  };
}

export function batchResultView({ row, reward, txLink, userNames }: BatchResultRow): BatchResultView {
  const problems = row.problems.length > 0 ? row.problems.map((problem) => (problem.column ? `${problem.column}: ${problem.message}` : problem.message)).join('; ') : null;
  const state: BatchResultState = problems !== null ? 'invalid' : (reward?.state ?? 'not_started');
  const errorCode = reward?.errorCode ?? null;
  const blockedBy = reward?.blockedBy ?? null;
  return {
    line: row.line,
    uid: row.uid,
    userNames: userNamesOf(userNames),
    amount: row.amount,
    memo: row.memo,
    state,
    rewardId: reward?.id ?? null,
    paymentId: reward?.paymentId ?? null,
    txid: reward?.txid ?? null,
    transactionLink: reward?.txid ? txLink : null,
    blockedBy,
    error: problems !== null ? { code: 'invalid_row', message: problems } : errorCode ? { code: errorCode, message: reward?.errorMessage ?? errorCode } : null,
    ...batchRowStory({ state, problems, errorCode, errorMessage: reward?.errorMessage ?? null, blockedBy }),
  };
}

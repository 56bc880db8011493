import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { sourceInWords } from '../../../components/payment/payment-sources.ts';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { paymentFlagLabels, paymentFlags } from '../../../components/payment/payment-states.ts';
import { Timeline, TimelineFact } from '../../../components/timeline.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import type { LedgerTime } from '../api/get-ledger-time.ts';
import type { Payment, TimelineEntry } from '../api/get-payment.ts';
import { historyEntries, type HistoryEntry } from '../payment-history-entries.ts';
import { platformAnswerWords } from '../platform-answer-words.ts';

/** A request is audited before the platform is called; its outcome is a separate entry. */
const requestWords: Record<string, string> = {
  'payment.cancel.requested': 'Cancel requested',
  'payment.complete.requested': 'Complete requested',
};

/** What an action's outcome means for the payment: a refused cancel did not cancel it. */
const resultWords: Record<string, Record<string, string>> = {
  'payment.cancel': { ok: 'Cancelled by staff', refused: 'Cancel refused', failed: 'Cancel failed', unknown: 'Cancel sent, answer lost' },
  'payment.complete': { ok: 'Completed by staff', refused: 'Complete refused', failed: 'Complete failed', unknown: 'Complete sent, answer lost' },
  // How a lost answer turned out, read back from the platform.
  'payment.cancel.settled': { ok: 'Settled: cancelled', failed: 'Settled: not cancelled' },
  'payment.complete.settled': { ok: 'Settled: completed', failed: 'Settled: not completed' },
};

const outcomeTones: Record<string, BadgeTone> = { ok: 'success', denied: 'warning', refused: 'warning', failed: 'danger', unknown: 'warning' };
const outcomeWords: Record<string, string> = { ok: 'OK', denied: 'Denied', refused: 'Refused', failed: 'Failed', unknown: 'Unknown' };

/** A changed flag by its name, and a changed transaction as such. */
function changeWords(change: string): string {
  const flag = paymentFlags.find((candidate) => candidate === change);
  if (flag) return paymentFlagLabels[flag];
  return change === 'transaction' ? 'Transaction' : change;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Where an entry comes from, named on every entry. */
function Source({ children }: { children: string }) {
  return <TimelineFact label="Source">{children}</TimelineFact>;
}

function EntryBody({ entry }: { entry: HistoryEntry }) {
  if (entry.kind === 'created') {
    return (
      <>
        <p className="font-medium">Created on the platform</p>
        <p className="text-xs">
          <Source>the platform’s record of the payment</Source>
        </p>
      </>
    );
  }
  if (entry.kind === 'on_chain') {
    return (
      <>
        <p className="font-medium">Transaction in the ledger</p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
          <Source>the blockchain (Horizon record of the transaction)</Source>
          {entry.ledger !== null && <TimelineFact label="Ledger">{String(entry.ledger)}</TimelineFact>}
        </p>
      </>
    );
  }
  if (entry.kind === 'first_seen') {
    return (
      <>
        <p className="font-medium">First seen by the console</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <PaymentStateBadge state={entry.state} />
          <Source>{`the console, through ${sourceInWords(entry.source)}`}</Source>
        </p>
      </>
    );
  }
  if (entry.kind === 'changed') {
    return (
      <>
        <p className="font-medium">{`Changed: ${entry.changes.map(changeWords).join(', ')}`}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <TimelineFact label="Now">
            <PaymentStateBadge state={entry.state} />
          </TimelineFact>
          {entry.since && (
            <TimelineFact label="Happened">
              between <DateTime iso={entry.since} /> and <DateTime iso={entry.at} />
            </TimelineFact>
          )}
          <Source>{`the console observed it, through ${sourceInWords(entry.source)}`}</Source>
        </p>
      </>
    );
  }
  const reason = text(entry.details.reason);
  const txid = text(entry.details.txid);
  const message = text(entry.details.message);
  const request = requestWords[entry.action];
  const answer = entry.upstreamCode ? platformAnswerWords(entry.upstreamCode) : null;
  return (
    <>
      <p className="font-medium">{request ?? resultWords[entry.action]?.[entry.outcome] ?? entry.action}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        {!request && <Badge tone={outcomeTones[entry.outcome] ?? 'neutral'}>{outcomeWords[entry.outcome] ?? entry.outcome}</Badge>}
        <Source>staff action, from the audit log</Source>
        <TimelineFact label="By">{entry.actor ?? 'unknown'}</TimelineFact>
        {reason && <TimelineFact label="Reason">{reason}</TimelineFact>}
        {txid && (
          <TimelineFact label="Transaction id">
            <span className="font-mono">{txid}</span>
          </TimelineFact>
        )}
        {answer && entry.upstreamCode && (
          <TimelineFact label="Platform’s answer">
            {answer} <span className="font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{`(code ${entry.upstreamCode})`}</span>
          </TimelineFact>
        )}
        {message && <TimelineFact label="Message">{message}</TimelineFact>}
      </p>
    </>
  );
}

interface PaymentTimelineProps {
  payment: Payment;
  entries: readonly TimelineEntry[];
  /** The transaction's ledger time; undefined while it is read or when there is no transaction. */
  ledger: LedgerTime | undefined;
}

/** What happened to the payment, newest first: on the platform, on the blockchain, as the console observed it, and what staff did. */
export function PaymentTimeline({ payment, entries, ledger }: PaymentTimelineProps) {
  return (
    <div className="space-y-2">
      <Timeline id="payment-timeline" entries={historyEntries(payment, entries, ledger)} renderEntry={(entry) => <EntryBody entry={entry} />} />
      {ledger?.status === 'unavailable' && (
        <p role="status" className="text-xs text-amber-900 dark:text-amber-200">{`Could not read the ledger time of the transaction: ${ledger.reason}`}</p>
      )}
    </div>
  );
}

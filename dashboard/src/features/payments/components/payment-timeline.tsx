import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { sourceInWords } from '../../../components/payment/payment-sources.ts';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { paymentFlagLabels, paymentFlags } from '../../../components/payment/payment-states.ts';
import { Timeline, TimelineFact } from '../../../components/timeline.tsx';
import type { TimelineEntry } from '../api/get-payment.ts';

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

function EntryBody({ entry }: { entry: TimelineEntry }) {
  if (entry.kind === 'first_seen') {
    return (
      <>
        <p className="font-medium">First seen by the console</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <PaymentStateBadge state={entry.state} />
          <TimelineFact label="Through">{sourceInWords(entry.source)}</TimelineFact>
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
          <TimelineFact label="Seen through">{sourceInWords(entry.source)}</TimelineFact>
        </p>
      </>
    );
  }
  const reason = text(entry.details.reason);
  const txid = text(entry.details.txid);
  const message = text(entry.details.message);
  const request = requestWords[entry.action];
  return (
    <>
      <p className="font-medium">{request ?? resultWords[entry.action]?.[entry.outcome] ?? entry.action}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        {!request && <Badge tone={outcomeTones[entry.outcome] ?? 'neutral'}>{outcomeWords[entry.outcome] ?? entry.outcome}</Badge>}
        <TimelineFact label="By">{entry.actor ?? 'unknown'}</TimelineFact>
        {reason && <TimelineFact label="Reason">{reason}</TimelineFact>}
        {txid && (
          <TimelineFact label="Txid">
            <span className="font-mono">{txid}</span>
          </TimelineFact>
        )}
        {entry.upstreamCode && (
          <TimelineFact label="Platform code">
            <span className="font-mono">{entry.upstreamCode}</span>
          </TimelineFact>
        )}
        {message && <TimelineFact label="Message">{message}</TimelineFact>}
      </p>
    </>
  );
}

/** What the console observed of the payment and what staff did to it, newest first. */
export function PaymentTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return <Timeline id="payment-timeline" entries={entries} renderEntry={(entry) => <EntryBody entry={entry} />} />;
}

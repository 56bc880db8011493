import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { sourceInWords } from '../../../components/payment/payment-sources.ts';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { paymentFlagLabels, paymentFlags } from '../../../components/payment/payment-states.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { TimelineEntry } from '../api/get-payment.ts';

/** A request is audited before the platform is called; its outcome is a separate entry. */
const requestWords: Record<string, string> = {
  'payment.cancel.requested': 'Cancel requested',
  'payment.complete.requested': 'Complete requested',
};

/** What an action's outcome means for the payment: a refused cancel did not cancel it. */
const resultWords: Record<string, Record<string, string>> = {
  'payment.cancel': { ok: 'Cancelled by staff', refused: 'Cancel refused', failed: 'Cancel failed' },
  'payment.complete': { ok: 'Completed by staff', refused: 'Complete refused', failed: 'Complete failed' },
};

const outcomeTones: Record<string, BadgeTone> = { ok: 'success', denied: 'warning', refused: 'warning', failed: 'danger' };
const outcomeWords: Record<string, string> = { ok: 'OK', denied: 'Denied', refused: 'Refused', failed: 'Failed' };

/** A changed flag by its name, and a changed transaction as such. */
function changeWords(change: string): string {
  const flag = paymentFlags.find((candidate) => candidate === change);
  if (flag) return paymentFlagLabels[flag];
  return change === 'transaction' ? 'Transaction' : change;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="inline-flex gap-1">
      <span className="text-zinc-500 dark:text-zinc-400">{`${label}:`}</span>
      <span className="break-all">{children}</span>
    </span>
  );
}

function EntryBody({ entry }: { entry: TimelineEntry }) {
  if (entry.kind === 'first_seen') {
    return (
      <>
        <p className="font-medium">First seen by the console</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <PaymentStateBadge state={entry.state} />
          <Fact label="Through">{sourceInWords(entry.source)}</Fact>
        </p>
      </>
    );
  }
  if (entry.kind === 'changed') {
    return (
      <>
        <p className="font-medium">{`Changed: ${entry.changes.map(changeWords).join(', ')}`}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <Fact label="Now">
            <PaymentStateBadge state={entry.state} />
          </Fact>
          <Fact label="Seen through">{sourceInWords(entry.source)}</Fact>
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
        <Fact label="By">{entry.actor ?? 'unknown'}</Fact>
        {reason && <Fact label="Reason">{reason}</Fact>}
        {txid && (
          <Fact label="Txid">
            <span className="font-mono">{txid}</span>
          </Fact>
        )}
        {entry.upstreamCode && (
          <Fact label="Platform code">
            <span className="font-mono">{entry.upstreamCode}</span>
          </Fact>
        )}
        {message && <Fact label="Message">{message}</Fact>}
      </p>
    </>
  );
}

/** What the console observed of the payment and what staff did to it, newest first. */
export function PaymentTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  // ISO times in UTC sort as text; the sort is stable, so entries at the same moment keep the server's order.
  const newestFirst = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section aria-labelledby="payment-timeline-heading" className="space-y-3">
      <h2 id="payment-timeline-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        Timeline
      </h2>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Nothing recorded yet.</p>
      ) : (
        <ol className="space-y-3 border-l border-zinc-200 pl-4 dark:border-zinc-800">
          {newestFirst.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative space-y-1 text-sm">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-zinc-400 dark:bg-zinc-600" />
              <time dateTime={entry.at} title={entry.at} className="block text-xs text-zinc-500 dark:text-zinc-400">
                {formatDateTime(entry.at)}
              </time>
              <EntryBody entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

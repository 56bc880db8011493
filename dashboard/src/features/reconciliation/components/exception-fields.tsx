import { DateTime } from '../../../components/date-time.tsx';
import { FieldRow } from '../../../components/field-row.tsx';
import type { ReconciliationException } from '../../../display/reconciliation/exception-types.ts';
import { ChainTransaction, Counterparty, ExceptionKindText, ExceptionStateBadge, LinkedRecords, muted } from './exception-cells.tsx';

/** Who moved the exception, and when. */
function StepDone({ step }: { step: { by: string | null; at: string } | null }) {
  if (!step) return <span className={muted}>not yet</span>;
  return (
    <>
      {`${step.by ?? 'someone no longer on the staff list'}, `}
      <DateTime iso={step.at} />
    </>
  );
}

/** Everything the console knows about an exception. */
export function ExceptionFields({ exception }: { exception: ReconciliationException }) {
  return (
    <dl className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800/70">
      <FieldRow label="Kind">
        <ExceptionKindText kind={exception.kind} /> <code className={`text-xs ${muted}`} aria-hidden="true">{exception.kind}</code>
      </FieldRow>
      <FieldRow label="State">
        <ExceptionStateBadge state={exception.state} />
      </FieldRow>
      <FieldRow label="What was found">{exception.detail}</FieldRow>
      <FieldRow label="Transaction">
        <ChainTransaction exception={exception} full />
      </FieldRow>
      <FieldRow label="Amount">
        <span className="font-mono tabular-nums">{exception.amount ?? <span className={muted}>none</span>}</span>
      </FieldRow>
      <FieldRow label="Counterparty">
        <Counterparty address={exception.counterparty} full />
      </FieldRow>
      <FieldRow label="Linked to">
        <LinkedRecords exception={exception} full />
      </FieldRow>
      <FieldRow label="First seen">
        <DateTime iso={exception.firstSeenAt} />
      </FieldRow>
      <FieldRow label="Note">{exception.note ? <span className="whitespace-pre-wrap break-words">{exception.note}</span> : <span className={muted}>none</span>}</FieldRow>
      <FieldRow label="Acknowledged">
        <StepDone step={exception.acknowledged} />
      </FieldRow>
      <FieldRow label="Resolved">
        <StepDone step={exception.resolved} />
      </FieldRow>
    </dl>
  );
}

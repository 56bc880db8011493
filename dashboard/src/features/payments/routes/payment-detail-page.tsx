import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { isFinalState } from '../../../../../common/payment-states.ts';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLedgerTime } from '../api/get-ledger-time.ts';
import { usePayment, type PaymentDetail as PaymentDetailAnswer } from '../api/get-payment.ts';
import { PaymentActionResult } from '../components/payment-action-result.tsx';
import { NamedTransactionLink } from '../../../display/payment/named-transaction-link.tsx';
import { PaymentFields } from '../components/payment-fields.tsx';
import { PaymentLoadProblem } from '../components/payment-load-problem.tsx';
import { PaymentNextStepPanel } from '../components/payment-next-step-panel.tsx';
import { PaymentRefunds } from '../components/payment-refunds.tsx';
import { PaymentTimeline } from '../components/payment-timeline.tsx';
import { RawJsonToggle } from '../components/raw-json-toggle.tsx';
import { StorySentence } from '../../../display/story/story-sentence.tsx';
import type { PaymentActionOutcome } from '../payment-action-outcome.ts';
import { isRefundable } from '../payment-action-rules.ts';
import { idProblem } from '../payment-lookup.ts';
import { paymentStory, paymentTitle } from '../payment-story.ts';
import { MetadataSection } from '../../../components/metadata-section.tsx';

const DESCRIPTION = 'Read fresh from the platform, with what the console observed of it and what staff did to it.';

interface LoadedPaymentProps {
  id: string;
  detail: PaymentDetailAnswer;
  /** Set when the latest background refresh failed; what is shown is the last good read. */
  refreshError: Error | null;
}

/** Under the title: the payment's id to copy, and its transaction by name when it has one. */
function PaymentMeta({ payment }: { payment: PaymentDetailAnswer['payment'] }) {
  return (
    <span className="flex flex-wrap items-center gap-x-5 gap-y-1">
      <span className="inline-flex items-center gap-2">
        <span>Payment id</span>
        <CopyableText text={payment.identifier} label="Copy the payment id" />
      </span>
      {payment.transaction && <NamedTransactionLink txid={payment.transaction.txid} url={payment.transaction._link} />}
    </span>
  );
}

/** The answer first: how much, which way and where it stands, what happened in one sentence, and what to do; its fields, metadata and timeline below. */
function LoadedPayment({ id, detail, refreshError }: LoadedPaymentProps) {
  const [outcome, setOutcome] = useState<PaymentActionOutcome | null>(null);
  const { payment, timeline } = detail;
  const ledger = useLedgerTime(id, payment.transaction !== null);
  return (
    <>
      <PageHeader title={paymentTitle(payment)} description={<StorySentence parts={paymentStory(payment, timeline, ledger.data)} />} meta={<PaymentMeta payment={payment} />} />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          {outcome && <PaymentActionResult outcome={outcome} />}
          <PaymentNextStepPanel payment={payment} onOutcome={setOutcome} />
          {!isFinalState(payment.state) && (
            <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
              This payment can still change; it is read again every 5 seconds while this page is open.
            </p>
          )}
          {refreshError && <ErrorNotice error={refreshError} message={`The latest refresh failed: ${refreshError.message} What is shown may be out of date.`} />}
          <PaymentFields payment={payment} />
          {isRefundable(payment) && <PaymentRefunds payment={payment} />}
          <MetadataSection value={payment.metadata} />
          <RawJsonToggle value={payment} />
        </div>
        <PaymentTimeline payment={payment} entries={timeline} ledger={ledger.data} />
      </div>
    </>
  );
}

function PaymentDetail({ id }: { id: string }) {
  const payment = usePayment(id);
  if (payment.isSuccess || payment.isRefetchError) {
    return <LoadedPayment id={id} detail={payment.data} refreshError={payment.isRefetchError ? payment.error : null} />;
  }
  return (
    <>
      <PageHeader title={`Payment ${id}`} description={DESCRIPTION} />
      {payment.isPending ? (
        <Spinner label="Reading the payment from the platform" />
      ) : (
        // A failed refresh keeps the payment last read; only a payment never read is replaced by the error.
        <PaymentLoadProblem id={id} error={payment.error} onRetry={() => void payment.refetch()} />
      )}
    </>
  );
}

/** One payment, read fresh from the platform, by a link anyone can share: `/payments/{id}`. */
export function PaymentDetailPage() {
  const { id = '' } = useParams();
  const problem = idProblem(id);
  if (problem) {
    return (
      <>
        <PageHeader title="Payment" description={DESCRIPTION} />
        <ErrorState title="This is not a payment id" message={problem} />
      </>
    );
  }
  return <PaymentDetail key={id} id={id} />;
}

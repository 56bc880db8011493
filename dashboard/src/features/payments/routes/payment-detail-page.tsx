import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { JsonViewer } from '../../../components/json-viewer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isFinalState } from '../../../../../common/payment-states.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePayment } from '../api/get-payment.ts';
import { PaymentActions } from '../components/payment-actions.tsx';
import { PaymentFields } from '../components/payment-fields.tsx';
import { PaymentTimeline } from '../components/payment-timeline.tsx';
import { RawJsonToggle } from '../components/raw-json-toggle.tsx';
import { idProblem } from '../payment-lookup.ts';
import { paymentsViewPath } from '../payment-table-view.ts';

const NOT_FOUND = 'No payment with this id on the platform.';
const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';

function isNotFound(error: Error): boolean {
  return error instanceof ApiRequestError && error.status === 404 && error.code === 'payment_not_found';
}

function PaymentDetail({ id }: { id: string }) {
  const payment = usePayment(id);

  if (payment.isPending) return <Spinner label="Reading the payment from the platform" />;
  // A failed refresh keeps the payment last read; only a payment never read is replaced by the error.
  if (payment.isLoadingError) {
    if (isNotFound(payment.error)) {
      return (
        <ErrorState
          title="Payment not found"
          message={NOT_FOUND}
          actions={
            <Link to={paymentsViewPath({ uid: id })} className={link}>
              Search the index for a user with this uid instead
            </Link>
          }
        />
      );
    }
    return (
      <ErrorState
        title="The payment could not be read"
        message={payment.error.message}
        details={payment.error instanceof ApiRequestError ? [{ label: 'Code', value: payment.error.code }] : []}
        actions={
          <Button variant="primary" onClick={() => void payment.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const { payment: current, timeline } = payment.data;
  const moving = !isFinalState(current.state);
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        {moving && (
          <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
            This payment can still change; it is read again every 5 seconds while this page is open.
          </p>
        )}
        {payment.isRefetchError && (
          <ErrorNotice error={payment.error} message={`The latest refresh failed: ${payment.error.message} What is shown may be out of date.`} />
        )}
        <PaymentFields payment={current} />
        <PaymentActions payment={current} />
        <section aria-labelledby="payment-metadata-heading" className="space-y-2">
          <h2 id="payment-metadata-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            Metadata
          </h2>
          <JsonViewer value={current.metadata} label="Metadata JSON" />
        </section>
        <RawJsonToggle value={current} />
      </div>
      <PaymentTimeline entries={timeline} />
    </div>
  );
}

/** One payment, read fresh from the platform, by a link anyone can share: `/payments/{id}`. */
export function PaymentDetailPage() {
  const { id = '' } = useParams();
  const problem = idProblem(id);
  return (
    <>
      <PageHeader title={problem ? 'Payment' : `Payment ${id}`} description="Read fresh from the platform, with what the console observed of it and what staff did to it." />
      {problem ? <ErrorState title="This is not a payment id" message={problem} /> : <PaymentDetail key={id} id={id} />}
    </>
  );
}

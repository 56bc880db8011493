import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { paymentsViewPath } from '../payment-table-view.ts';

const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';

function isNotFound(error: Error): boolean {
  return error instanceof ApiRequestError && error.status === 404 && error.code === 'payment_not_found';
}

/** Why a payment never read could not be shown: not on the platform (maybe it is a uid), or a failed read to try again. */
export function PaymentLoadProblem({ id, error, onRetry }: { id: string; error: Error; onRetry: () => void }) {
  if (isNotFound(error)) {
    return (
      <ErrorState
        title="Payment not found"
        message="No payment with this id on the platform."
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
      message={error.message}
      details={error instanceof ApiRequestError ? [{ label: 'Code', value: error.code }] : []}
      actions={
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

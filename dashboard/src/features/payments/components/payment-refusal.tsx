import { ErrorNotice } from '../../../components/error-notice.tsx';
import { refusalExplanation } from '../../../components/payment/platform-refusals.ts';

/** Why an action did not go through: the plain explanation, the server's own words, and the codes. */
export function PaymentRefusal({ error }: { error: Error }) {
  const explanation = refusalExplanation(error);
  if (!explanation) return <ErrorNotice error={error} />;
  const ownWords = error.message.trim() && error.message !== explanation ? `The server said: ${error.message}` : undefined;
  return <ErrorNotice error={error} message={explanation} detail={ownWords} />;
}

import { Link } from 'react-router-dom';
import { DateTime } from '../../../components/date-time.tsx';
import { ACCOUNT_PATH } from '../../../lib/account-path.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * While a member who must have a second factor is in their grace period: by when, and where to set
 * one up. After that date the console lets them do nothing else.
 */
export function SecondFactorDueBanner() {
  const session = useSession();
  const enrolBy = session.data?.status === 'signed-in' ? session.data.secondFactor.enrolBy : null;
  if (!enrolBy) return null;
  return (
    <section
      aria-label="Second factor due"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-indigo-200 bg-indigo-50 px-4 py-1.5 text-sm text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100"
    >
      <p>
        Set up a second factor by <DateTime iso={enrolBy} />. After that, the console lets you do nothing else until you have.
      </p>
      <Link to={ACCOUNT_PATH} className="font-medium underline underline-offset-2">
        Set it up now
      </Link>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { refreshSession, useSession } from '../../lib/session.ts';
import { AuthenticatorSetUp } from '../../features/account/components/authenticator-set-up.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { PublicFrame } from '../layout/public-layout.tsx';

/**
 * What a member sees when their role must have a second factor and their time to set one up is
 * over: only that, as the server allows nothing else. The console opens once it is done.
 */
export function RequiredEnrolmentPage() {
  const session = useSession();
  const client = useQueryClient();
  if (session.data?.status !== 'signed-in') return null;
  return (
    <PublicFrame>
      <section aria-labelledby="required-enrolment-title" className="w-full max-w-2xl space-y-5 rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <title>Set up a second factor · Plat Console</title>
        <div>
          <h1 id="required-enrolment-title" className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
            Set up a second factor
          </h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {`${session.data.staff.name}, your role must have a second factor, and the time to set one up has passed. Set up an authenticator app now; the console opens as soon as it is confirmed.`}
          </p>
        </div>
        <AuthenticatorSetUp email={session.data.staff.email} onDone={() => void refreshSession(client)} />
        <SignOutButton />
      </section>
    </PublicFrame>
  );
}

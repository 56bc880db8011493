import { Link, useParams } from 'react-router-dom';
import { CopyableText } from '../../components/copyable-text.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSection } from '../../components/page-section.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { userNameOf, type UserNames } from '../../components/user/user-names.ts';
import { useCan } from '../../lib/access.ts';
import { RewardsTable } from '../../features/rewards/components/rewards-table.tsx';
import { noRewardFilters, payRewardPath } from '../../display/reward/reward-filters.ts';
import { useUser, type UserSummary } from '../../features/users/api/get-user.ts';
import { BlockingPayments } from '../../features/payments/components/blocking-payments.tsx';
import { UserPayments } from '../../features/payments/components/user-payments.tsx';
import { UserStaffActions } from '../../features/audit/components/user-staff-actions.tsx';
import { UserTotals } from '../../features/users/components/user-totals.tsx';

function UserSummarySections({ uid, summary }: { uid: string; summary: UserSummary }) {
  const canReadRewards = useCan('rewards:read');
  return (
    <div className="space-y-10">
      <PageSection title="Wallet" description="As the user's latest payment names it: the sender of a user-to-app payment, the recipient of an app-to-user one.">
        {summary.walletAddress ? (
          <CopyableText text={summary.walletAddress} label="Copy the wallet address" />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Not known: no payment of this user is in the index.</p>
        )}
      </PageSection>
      <PageSection title="What blocks them" description="An unfinished payment blocks the user's next payment of its direction until it is completed or cancelled.">
        <BlockingPayments payments={summary.blocking} />
      </PageSection>
      <PageSection title="Totals" description="The user's payments in the index, by direction and state.">
        <UserTotals totals={summary.totals} />
      </PageSection>
      <PageSection title="Payments" description="Every payment of this user the console has seen.">
        <UserPayments uid={uid} />
      </PageSection>
      {canReadRewards && (
        <PageSection title="Rewards" description="Rewards the console paid this user.">
          <RewardsTable filters={{ ...noRewardFilters, uid }} filtered empty="The console has paid this user no reward yet." />
        </PageSection>
      )}
      <PageSection title="Staff actions" description="What staff did to this user's payments and rewards, newest first.">
        <UserStaffActions actions={summary.staffActions} />
      </PageSection>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Ad checks are not shown: the platform does not tie an ad to a user.</p>
    </div>
  );
}

/** Under a named user's name: their username beside a display name, and their uid to copy. */
function UserNameMeta({ uid, names }: { uid: string; names: UserNames | null | undefined }) {
  return (
    <span className="flex flex-wrap items-center gap-x-5 gap-y-1">
      {names?.displayName && names.username && <span>{`@${names.username}`}</span>}
      <span className="inline-flex items-center gap-2">
        <span>User uid</span>
        <CopyableText text={uid} label="Copy the user uid" />
      </span>
    </span>
  );
}

/** One user by uid, a link anyone can share: `/users/{uid}`. From the console's own index and audit log. */
export function UserPage() {
  const { uid = '' } = useParams();
  const user = useUser(uid);
  const canPay = useCan('rewards:pay');
  const names = user.data?.userNames;
  const name = userNameOf(names);
  return (
    <>
      <PageHeader
        title={name ?? `User ${uid}`}
        description="Their wallet, every payment the console has seen, what blocks them, their rewards and what staff did."
        meta={name !== null && <UserNameMeta uid={uid} names={names} />}
        actions={
          canPay && (
            <Link
              to={payRewardPath(uid)}
              className="inline-flex items-center rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-700"
            >
              Pay a reward
            </Link>
          )
        }
      />
      {user.isPending && <Spinner label="Reading what the console knows of this user" />}
      {user.isError && <ErrorState title="The user could not be read" message={user.error.message} />}
      {user.isSuccess && <UserSummarySections uid={uid} summary={user.data} />}
    </>
  );
}

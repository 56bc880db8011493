import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useReward } from '../api/get-reward.ts';
import { RewardActions } from '../components/reward-actions.tsx';
import { RewardFields } from '../components/reward-fields.tsx';
import { RewardProblem } from '../components/reward-problem.tsx';
import { RewardTimeline } from '../components/reward-timeline.tsx';
import { isUnfinished, UNFINISHED_REWARD_REFRESH_MS } from '../reward-states.ts';
import { MetadataSection } from '../../../components/metadata-section.tsx';

const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';
/** The server's reward ids are UUIDs; anything else is not asked for. */
const REWARD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function RewardDetail({ id }: { id: string }) {
  const reward = useReward(id);

  if (reward.isPending) return <Spinner label="Reading the reward" />;
  // A failed refresh keeps the reward last read; only a reward never read is replaced by the error.
  if (reward.isLoadingError) {
    const notFound = reward.error instanceof ApiRequestError && reward.error.status === 404;
    return (
      <ErrorState
        title={notFound ? 'Reward not found' : 'The reward could not be read'}
        message={reward.error.message}
        details={reward.error instanceof ApiRequestError ? [{ label: 'Code', value: reward.error.code }] : []}
        actions={
          notFound ? undefined : (
            <Button variant="primary" onClick={() => void reward.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }

  const { reward: current, events } = reward.data;
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        {isUnfinished(current.state) && (
          <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
            {`This reward is still being paid; it is read again every ${UNFINISHED_REWARD_REFRESH_MS / 1000} seconds while this page is open.`}
          </p>
        )}
        {reward.isRefetchError && <ErrorNotice error={reward.error} message={`The latest refresh failed: ${reward.error.message} What is shown may be out of date.`} />}
        <RewardProblem reward={current} />
        <RewardFields reward={current} />
        <RewardActions reward={current} />
        <MetadataSection value={current.metadata} />
      </div>
      <RewardTimeline events={events} />
    </div>
  );
}

/** One reward, by a link anyone can share: `/rewards/{id}`. */
export function RewardDetailPage() {
  const { id = '' } = useParams();
  const valid = REWARD_ID.test(id);
  return (
    <>
      <PageHeader title={valid ? `Reward ${id}` : 'Reward'} description="Who gets what, where the payment stands, and each recovery point the console committed on the way." />
      <div className="mb-4">
        <Link to="/rewards" className={link}>
          Back to rewards
        </Link>
      </div>
      {valid ? <RewardDetail key={id} id={id} /> : <ErrorState title="This is not a reward id" message="A reward id looks like 0b7e3c2a-5f1d-4c8e-9a6b-1d2e3f4a5b6c." />}
    </>
  );
}

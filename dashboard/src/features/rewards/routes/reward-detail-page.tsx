import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { CopyableText } from '../../../components/copyable-text.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useReward } from '../api/get-reward.ts';
import type { Reward, RewardEvent } from '../../../display/reward/reward-types.ts';
import { RewardActions } from '../components/reward-actions.tsx';
import { RewardFields } from '../components/reward-fields.tsx';
import { RewardProblem } from '../components/reward-problem.tsx';
import { RewardTimeline } from '../components/reward-timeline.tsx';
import { isUnfinished, UNFINISHED_REWARD_REFRESH_MS } from '../../../display/reward/reward-states.ts';
import { rewardStory, rewardTitle } from '../reward-story.ts';
import { NamedTransactionLink } from '../../../display/payment/named-transaction-link.tsx';
import { StorySentence } from '../../../display/story/story-sentence.tsx';
import { useNetwork } from '../../../display/wallet/use-network.ts';
import { MetadataSection } from '../../../components/metadata-section.tsx';

const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';
/** The server's reward ids are UUIDs; anything else is not asked for. */
const REWARD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DESCRIPTION = 'Who gets what, where the payment stands, and each recovery point the console committed on the way.';

function BackToRewards() {
  return (
    <div className="mb-4">
      <Link to="/rewards" className={link}>
        Back to rewards
      </Link>
    </div>
  );
}

/** Under the title: the reward's id to copy, its transaction by name once it has one, and the payment it refunds, if it is a refund. */
function RewardMeta({ reward }: { reward: Reward }) {
  return (
    <span className="flex flex-wrap items-center gap-x-5 gap-y-1">
      <span className="inline-flex items-center gap-2">
        <span>Reward id</span>
        <CopyableText text={reward.id} label="Copy the reward id" />
      </span>
      {reward.txid && reward.transactionLink && <NamedTransactionLink txid={reward.txid} url={reward.transactionLink} />}
      {reward.refundOf && (
        <span className="inline-flex items-center gap-2">
          <span>Refund of payment</span>
          <PaymentIdCell id={reward.refundOf} />
        </span>
      )}
    </span>
  );
}

/** The answer first: how much, to whom and where it stands, and what happened in one sentence. */
function RewardHeader({ reward, events }: { reward: Reward; events: readonly RewardEvent[] }) {
  const network = useNetwork(reward.network);
  return <PageHeader title={rewardTitle(reward, network)} description={<StorySentence parts={rewardStory(reward, events)} />} meta={<RewardMeta reward={reward} />} />;
}

/** A reward not read (yet): the page says which, under a plain title. */
function RewardPlaceholder({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="Reward" description={DESCRIPTION} />
      <BackToRewards />
      {children}
    </>
  );
}

function RewardDetail({ id }: { id: string }) {
  const reward = useReward(id);

  if (reward.isPending) {
    return (
      <RewardPlaceholder>
        <Spinner label="Reading the reward" />
      </RewardPlaceholder>
    );
  }
  // A failed refresh keeps the reward last read; only a reward never read is replaced by the error.
  if (reward.isLoadingError) {
    const notFound = reward.error instanceof ApiRequestError && reward.error.status === 404;
    return (
      <RewardPlaceholder>
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
      </RewardPlaceholder>
    );
  }

  const { reward: current, events } = reward.data;
  return (
    <>
      <RewardHeader reward={current} events={events} />
      <BackToRewards />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          {isUnfinished(current.state) && (
            <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
              {`This reward is still being paid; it is read again every ${UNFINISHED_REWARD_REFRESH_MS / 1000} seconds while this page is open.`}
            </p>
          )}
          {reward.isRefetchError && <ErrorNotice error={reward.error} message={`The latest refresh failed: ${reward.error.message} What is shown may be out of date.`} />}
          <RewardProblem reward={current} />
          <RewardActions reward={current} />
          <RewardFields reward={current} />
          <MetadataSection value={current.metadata} />
        </div>
        <RewardTimeline events={events} />
      </div>
    </>
  );
}

/** One reward, by a link anyone can share: `/rewards/{id}`. */
export function RewardDetailPage() {
  const { id = '' } = useParams();
  if (!REWARD_ID.test(id)) {
    return (
      <RewardPlaceholder>
        <ErrorState title="This is not a reward id" message="A reward id looks like 0b7e3c2a-5f1d-4c8e-9a6b-1d2e3f4a5b6c." />
      </RewardPlaceholder>
    );
  }
  return <RewardDetail key={id} id={id} />;
}

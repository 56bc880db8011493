import { Link } from 'react-router-dom';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { RejectionNotice } from '../../../display/approval/rejection-notice.tsx';
import type { Reward } from '../../../display/reward/reward-types.ts';
import { AWAITING_WALLET, isUnfinished } from '../../../display/reward/reward-states.ts';

const box = 'space-y-1 rounded-md border px-3 py-2 text-sm';
const waitingBox = `${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100`;
const endedBox = `${box} border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100`;
const link = 'font-medium underline underline-offset-2';

/** Another open app-to-user payment keeps this reward from being created; ops can finish or cancel it on its page. */
function Blocked({ paymentId, message }: { paymentId: string; message: string }) {
  return (
    <div role="status" className={waitingBox}>
      <p className="font-medium">
        {'Blocked by payment '}
        <span className="font-mono break-all">{paymentId}</span>
      </p>
      <p>{message}</p>
      <p>
        <Link to={paymentPath(paymentId)} className={link}>
          Finish or cancel payment {paymentId}
        </Link>
        {' (ops can complete or cancel it on its page); this reward then goes on by itself.'}
      </p>
    </div>
  );
}

/** Why the reward stopped or what it waits for, in plain words, with the code to quote. */
export function RewardProblem({ reward }: { reward: Reward }) {
  const { error, blockedBy, state } = reward;
  if (reward.rejection) return <RejectionNotice rejection={reward.rejection} withBatch={reward.batchId !== null} />;
  if (blockedBy && error?.code === 'ongoing_payment_found') return <Blocked paymentId={blockedBy} message={error.message} />;
  if (!error) return null;
  const waiting = isUnfinished(state);
  return (
    <div role={waiting ? 'status' : 'alert'} className={waiting ? waitingBox : endedBox}>
      {error.code === AWAITING_WALLET && state === 'created' && (
        <p className="font-medium">Waiting for its transaction: the console has no app wallet configured, so nobody can sign it.</p>
      )}
      <p>{error.message}</p>
      <p className="font-mono text-xs opacity-80">{`code ${error.code}`}</p>
    </div>
  );
}

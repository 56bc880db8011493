import { Link } from 'react-router-dom';
import { DateTime } from '../../../components/date-time.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { Timeline, TimelineFact } from '../../../components/timeline.tsx';
import type { RewardEvent } from '../../../display/reward/reward-types.ts';
import { stepCodeInWords, stepInWords } from '../reward-steps.ts';

const link = 'font-mono text-indigo-700 hover:underline dark:text-indigo-300';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function PaymentFact({ label, id }: { label: string; id: string }) {
  return (
    <TimelineFact label={label}>
      <Link to={paymentPath(id)} className={link}>
        {id}
      </Link>
    </TimelineFact>
  );
}

/** Why, in words, with its code small for support to quote; a code nobody worded as it is. */
function CodeFact({ code, detail }: { code: string; detail: RewardEvent['detail'] }) {
  const words = stepCodeInWords(code, detail);
  const small = <span className="font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{words ? `(code ${code})` : code}</span>;
  return (
    <TimelineFact label={words ? 'Why' : 'Code'}>
      {words && `${words} `}
      {small}
    </TimelineFact>
  );
}

/** The step in words, and what it recorded that staff can act on: the payment, the blocking payment, the transaction, the code. */
function EventBody({ event }: { event: RewardEvent }) {
  const { detail } = event;
  const paymentId = text(detail.paymentId);
  const blocking = text(detail.blockingPaymentId);
  const txid = text(detail.txid);
  const code = text(detail.code);
  const reason = text(detail.reason);
  return (
    <>
      <p className="font-medium">{stepInWords(event.step)}</p>
      {event.repeats > 1 && event.lastAt && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {`${event.repeats} times, the last at `}
          <DateTime iso={event.lastAt} />
        </p>
      )}
      {(paymentId || blocking || txid || code || reason) && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {paymentId && <PaymentFact label="Payment" id={paymentId} />}
          {blocking && <PaymentFact label="Blocking payment" id={blocking} />}
          {txid && (
            <TimelineFact label="Transaction id">
              <span className="font-mono">{txid}</span>
            </TimelineFact>
          )}
          {code && <CodeFact code={code} detail={detail} />}
          {reason && <TimelineFact label="Reason">{reason}</TimelineFact>}
        </p>
      )}
    </>
  );
}

/** The recovery points the console committed for this reward, newest first. */
export function RewardTimeline({ events }: { events: readonly RewardEvent[] }) {
  return <Timeline id="reward-timeline" entries={events} renderEntry={(event) => <EventBody event={event} />} />;
}

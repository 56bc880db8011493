import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { DialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useTimeZoneChoice } from '../../../lib/time-zone.ts';
import { useDelivery, useResend, type WebhookAttempt } from '../api/deliveries.ts';
import { attemptOutcomeWords, deliveryStatusWords } from '../delivery-words.ts';
import { eventDeliveriesPath } from '../webhook-paths.ts';

function AttemptItem({ attempt, number }: { attempt: WebhookAttempt; number: number }) {
  const zone = useTimeZoneChoice();
  return (
    <li className="space-y-1 py-3">
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{`Attempt ${number}`}</span>
        <span>{attemptOutcomeWords(attempt)}</span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{`${formatDateTime(attempt.at, zone)} · ${attempt.latencyMs} ms`}</span>
      </p>
      {attempt.response ? (
        <pre aria-label={`Answer to attempt ${number} (first 1 KiB)`} className="max-h-40 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-xs break-all whitespace-pre-wrap text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {attempt.response}
        </pre>
      ) : (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">An empty answer.</p>
      )}
    </li>
  );
}

/** One delivery: every attempt, newest first, with the first 1 KiB of each answer, and "Send again". */
export function DeliveryDialog({ deliveryId, onClose }: { deliveryId: string; onClose: () => void }) {
  const detail = useDelivery(deliveryId);
  const resend = useResend();
  const delivery = detail.data?.delivery;
  const attempts = detail.data ? [...detail.data.attempts].reverse() : [];
  return (
    <Dialog title={delivery ? `Delivery of ${delivery.eventType}` : 'Delivery'} onClose={onClose} wide>
      {detail.isPending ? (
        <Spinner label="Reading the delivery" />
      ) : detail.isError ? (
        <ErrorNotice error={detail.error} />
      ) : (
        delivery && (
          <div className="space-y-3">
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <Badge tone={deliveryStatusWords[delivery.status].tone}>{deliveryStatusWords[delivery.status].label}</Badge>
              <span>{`${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`}</span>
              {delivery.eventType !== 'webhook.test' && (
                <Link to={eventDeliveriesPath(delivery.eventId)} className="font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300">
                  {delivery.eventId}
                </Link>
              )}
            </p>
            {resend.error && <ErrorNotice error={resend.error} />}
            {attempts.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Not tried yet.</p>
            ) : (
              <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {attempts.map((attempt, index) => (
                  <AttemptItem key={attempt.at} attempt={attempt} number={attempts.length - index} />
                ))}
              </ol>
            )}
            <DialogActions>
              {delivery.status !== 'pending' && (
                <Button onClick={() => resend.mutate(delivery.id)} disabled={resend.isPending}>
                  {resend.isPending ? 'Queuing…' : 'Send again'}
                </Button>
              )}
              <Button variant="primary" onClick={onClose}>
                Close
              </Button>
            </DialogActions>
          </div>
        )
      )}
    </Dialog>
  );
}

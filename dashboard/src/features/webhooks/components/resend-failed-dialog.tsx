import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { readTimeRange, TimeRangeFields } from '../../../components/form/time-range-fields.tsx';
import { useResendFailed } from '../api/deliveries.ts';
import type { WebhookEndpoint } from '../api/get-endpoints.ts';

/** Queues every failed delivery of the endpoint queued in a range to be sent again; the range starts as the last 24 hours. */
export function ResendFailedDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const resend = useResendFailed();
  const [problem, setProblem] = useState<string | null>(null);
  const [initial] = useState(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - 86_400_000).toISOString(), to: to.toISOString() };
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resend.isPending) return;
    const { from, to } = readTimeRange(new FormData(event.currentTarget));
    if (!from || !to || from >= to) {
      setProblem('Choose a start and an end after it.');
      return;
    }
    setProblem(null);
    resend.mutate({ endpointId: endpoint.id, from, to }, { onSuccess: onClose });
  };
  return (
    <Dialog
      title="Send failed deliveries again"
      description={`Every delivery to ${endpoint.url} that failed and was queued in this range is tried again from now, with the same webhook-id, so a receiver that already has one can drop it.`}
      onClose={onClose}
      dismissible={!resend.isPending}
    >
      <form method="post" noValidate onSubmit={submit} className="space-y-4">
        {resend.error && <ErrorNotice error={resend.error} />}
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TimeRangeFields from={initial.from} to={initial.to} />
        </div>
        <FormDialogActions submitLabel="Send again" pendingLabel="Queuing…" pending={resend.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { readOverlapHours } from '../../../lib/overlap-hours.ts';
import { useTimeZoneChoice } from '../../../lib/time-zone.ts';
import { useRotateSecret } from '../api/endpoint-changes.ts';
import type { WebhookEndpoint } from '../api/get-endpoints.ts';
import { EndpointSecret } from './endpoint-secret.tsx';

const MAX_OVERLAP_HOURS = 168;

/** A new signing secret, after saying for how long deliveries still carry the old one's signature too; then the new one, shown once. */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const rotate = useRotateSecret();
  const zone = useTimeZoneChoice();
  const [problem, setProblem] = useState<string | undefined>();
  const rotated = rotate.data;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rotate.isPending) return;
    const overlap = readOverlapHours(String(new FormData(event.currentTarget).get('overlapHours') ?? ''), MAX_OVERLAP_HOURS, '7 days');
    setProblem('problem' in overlap ? overlap.problem : undefined);
    if ('hours' in overlap) rotate.mutate({ id: endpoint.id, overlapHours: overlap.hours });
  };
  const until = rotated?.endpoint.previousSecretValidUntil;
  return (
    <Dialog
      title={rotated ? `The endpoint ${endpoint.url} has a new signing secret` : `Rotate the signing secret of ${endpoint.url}?`}
      description={
        rotated
          ? until
            ? `Until ${formatDateTime(until, zone)} each delivery carries signatures by the old and the new secret; put the new one in place before then.`
            : 'Deliveries are signed with the new secret only, from now on.'
          : 'Deliveries are signed with a new secret from now on. For the hours you choose they carry the old secret’s signature as well, so the receiver can switch without refusing one.'
      }
      onClose={onClose}
      dismissible={!rotate.isPending && !rotated}
      wide={Boolean(rotated)}
    >
      {rotated ? (
        <EndpointSecret secret={rotated.secret} onDone={onClose} />
      ) : (
        <form method="post" noValidate onSubmit={submit} onChange={() => rotate.error && rotate.reset()} className="space-y-4">
          {rotate.error && <ErrorNotice error={rotate.error} />}
          <TextField label="Old secret also signs for (hours)" name="overlapHours" inputMode="numeric" autoComplete="off" defaultValue="24" hint="0 stops the old secret now: do that when it may have leaked." error={problem} />
          <FormDialogActions submitLabel="Rotate secret" pendingLabel="Rotating…" pending={rotate.isPending} onCancel={onClose} tone="danger" />
        </form>
      )}
    </Dialog>
  );
}

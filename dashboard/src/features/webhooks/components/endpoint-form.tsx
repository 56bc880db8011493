import { useState, type FormEvent } from 'react';
import { FormDialogActions } from '../../../components/dialog/dialog-actions.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { EventTypeCheckboxes } from '../../../display/event/event-type-checkboxes.tsx';
import { isEventType, type EventType } from '../../../display/event/event-groups.ts';

export interface EndpointFields {
  url: string;
  description: string | null;
  events: EventType[];
}

interface EndpointFormProps {
  initial?: EndpointFields;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (fields: EndpointFields) => void;
  /** Any field changed: the last refusal no longer describes the form. */
  onEdit: () => void;
  onCancel: () => void;
}

type Problems = Partial<Record<'url' | 'events', string>>;

/** What the form holds, or what is wrong with it, in words, before anything is sent. */
function readEndpoint(form: FormData): { fields: EndpointFields } | { problems: Problems } {
  const url = String(form.get('url') ?? '').trim();
  const description = String(form.get('description') ?? '').trim();
  const events = form.getAll('events').map(String).filter(isEventType);
  const problems: Problems = {};
  if (!/^https?:\/\/\S+$/i.test(url)) problems.url = 'Enter the endpoint’s whole URL, such as https://api.example.com/webhooks/plat.';
  if (events.length === 0) problems.events = 'Choose at least one event.';
  return Object.keys(problems).length > 0 ? { problems } : { fields: { url, description: description || null, events } };
}

/** An endpoint's URL, a note on what it is, and the events it gets. */
export function EndpointForm({ initial, submitLabel, pendingLabel, pending, error, onSubmit, onEdit, onCancel }: EndpointFormProps) {
  const [problems, setProblems] = useState<Problems>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const read = readEndpoint(new FormData(event.currentTarget));
    setProblems('problems' in read ? read.problems : {});
    if ('fields' in read) onSubmit(read.fields);
  };
  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => error && onEdit()} className="space-y-4">
      {error && <ErrorNotice error={error} />}
      <TextField
        label="URL"
        name="url"
        type="url"
        required
        autoComplete="off"
        spellCheck={false}
        defaultValue={initial?.url}
        hint="https, or http to this machine or a private network an admin allowed in the webhook settings. Redirects are not followed."
        error={problems.url}
      />
      <TextField label="Description (optional)" name="description" autoComplete="off" maxLength={500} defaultValue={initial?.description ?? ''} hint="Whose backend it is, e.g. Game backend (production)." />
      <EventTypeCheckboxes legend="Events it gets" name="events" checked={initial?.events ?? []} error={problems.events} />
      <FormDialogActions submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { RetryableError } from '../../../components/retryable-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { EventTypeCheckboxes } from '../../../display/event/event-type-checkboxes.tsx';
import { isEventType, type EventType } from '../../../display/event/event-groups.ts';
import { useNotificationPreferences, useSetNotificationPreferences, type NotificationPreferences } from '../api/notification-preferences.ts';

/** The Slack URL field's text as the server takes it, or what is wrong with it. */
function readSlackUrl(text: string): { url: string | null } | { problem: string } {
  const value = text.trim();
  if (value === '') return { url: null };
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return { url: value };
  } catch {
    // said below
  }
  return { problem: 'Enter the incoming webhook’s whole URL, such as https://hooks.slack.com/services/…, or leave it empty.' };
}

function PreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const save = useSetNotificationPreferences();
  const [checked, setChecked] = useState<{ events: readonly EventType[]; version: number }>({ events: preferences.events, version: 0 });
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const form = new FormData(event.currentTarget);
    const slack = readSlackUrl(String(form.get('slackUrl') ?? ''));
    setProblem('problem' in slack ? slack.problem : undefined);
    if ('problem' in slack) return;
    const events = form.getAll('events').map(String).filter(isEventType);
    save.mutate({ events, slackUrl: slack.url });
  };
  const useDefaults = () => setChecked(({ version }) => ({ events: preferences.defaults, version: version + 1 }));

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => save.error && save.reset()} className="max-w-3xl space-y-5">
      {save.error && <ErrorNotice error={save.error} />}
      <EventTypeCheckboxes
        key={checked.version}
        legend="Notify me when"
        name="events"
        types={preferences.choices}
        checked={checked.events}
        hint="Events about rewards, refunds, batches and approval decisions reach you only when you asked for the reward or batch; requests for approval reach you when someone else asked."
      />
      {preferences.slackOff && (
        <Notice>
          {`The console stopped posting to your Slack URL: ${preferences.slackOff === 'gone' ? 'it answered 410 Gone' : preferences.slackOff === 'failing' ? 'posting to it failed for 3 days' : 'it was switched off'}. Save these settings to try it again, or clear the field.`}
        </Notice>
      )}
      <TextField
        label="Also send to Slack (optional)"
        name="slackUrl"
        type="url"
        autoComplete="off"
        spellCheck={false}
        defaultValue={preferences.slackUrl ?? ''}
        hint="A Slack-compatible incoming webhook URL: each notification is posted there too, with a link back to the console. Empty: the console only."
        error={problem}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save notification settings'}
        </Button>
        <Button onClick={useDefaults}>Check my role’s defaults</Button>
      </div>
    </form>
  );
}

/** On the staff member's own account page: which events they are notified of, and a Slack URL to send them to as well. */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  return (
    <PageSection title="Notifications" description="What the bell in the top bar tells you of. Every change is audited.">
      <div id="notifications" className="scroll-mt-20">
        {preferences.isPending ? (
          <Spinner label="Reading your notification settings" />
        ) : preferences.isError ? (
          <RetryableError error={preferences.error} message={`Your notification settings could not be read: ${preferences.error.message}`} onRetry={() => void preferences.refetch()} />
        ) : (
          <PreferencesForm preferences={preferences.data} />
        )}
      </div>
    </PageSection>
  );
}

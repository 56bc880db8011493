import { usePermissions } from '../../../lib/access.ts';
import type { AuditEvent } from '../api/get-audit-events.ts';
import { auditDetailFields } from '../audit-detail-fields.ts';
import { auditSentence } from '../audit-sentence.ts';
import { EventDetails, RawEvent } from './event-details.tsx';
import { SentenceView } from './sentence-view.tsx';

/** What happened, as one sentence with links, and its details under it. */
export function EventSentence({ event }: { event: AuditEvent }) {
  const permissions = usePermissions();
  const sentence = auditSentence(event, { can: (permission) => permissions.includes(permission) });
  return (
    <div className="min-w-64">
      <p className="inline text-sm break-words text-zinc-900 dark:text-zinc-100">
        <SentenceView sentence={sentence} />
      </p>
      <RawEvent event={event} />
      <EventDetails fields={auditDetailFields(event)} />
    </div>
  );
}

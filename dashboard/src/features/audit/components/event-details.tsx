import type { AuditEvent } from '../api/get-audit-events.ts';
import type { DetailField } from '../audit-detail-fields.ts';
import { SentenceView } from './sentence-view.tsx';

function FieldValue({ field }: { field: DetailField }) {
  if ('value' in field) return <SentenceView sentence={field.value} />;
  return (
    <>
      <SentenceView sentence={field.before} />
      {' → '}
      <SentenceView sentence={field.after} />
    </>
  );
}

/** An event's details in words, changes as before → after. */
export function EventDetails({ fields }: { fields: readonly DetailField[] }) {
  if (fields.length === 0) return null;
  return (
    <dl className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
      {fields.map((field, index) => (
        <div key={index} className="break-words whitespace-pre-wrap">
          <dt className="inline font-medium text-zinc-700 dark:text-zinc-300">{`${field.label}: `}</dt>
          <dd className="inline">
            <FieldValue field={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What the server stored, for developers: the action, target, platform answer and details as JSON, folded after the sentence. */
export function RawEvent({ event }: { event: AuditEvent }) {
  const { action, target, upstream, details } = event;
  return (
    <details className="ml-2 inline-block align-baseline text-xs open:block open:ml-0">
      <summary className="cursor-pointer text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200">Raw</summary>
      <pre className="mt-1 rounded bg-zinc-50 p-2 font-mono break-all whitespace-pre-wrap text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
        {JSON.stringify({ action, target, upstream, details }, null, 2)}
      </pre>
    </details>
  );
}

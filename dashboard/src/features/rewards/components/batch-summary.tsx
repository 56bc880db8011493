import type { Batch } from '../api/get-batch.ts';

const stateWords: Record<Batch['state'], string> = {
  previewed: 'Previewed: nothing paid yet',
  awaiting_approval: 'Awaiting approval',
  running: 'Paying',
  paused: 'Paused',
  cancelled: 'Cancelled',
  finished: 'Finished',
};

/** What the file holds, in numbers. */
export function BatchSummary({ batch }: { batch: Batch }) {
  const facts: Array<[string, string]> = [
    ['State', stateWords[batch.state]],
    ['Rows', `${batch.rows} (${batch.valid} valid, ${batch.invalid} not paid)`],
    ['Users', String(batch.users)],
    ['Total', batch.total],
    ['Duplicate rows', String(batch.flags.duplicateRows)],
    ['Users on several rows', String(batch.flags.duplicateUsers)],
    ['Rows over the per-reward cap', String(batch.flags.overCap)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
          <dd className="font-medium text-zinc-900 tabular-nums dark:text-zinc-50">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

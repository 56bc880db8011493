import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { CreateIngestTokenDialog } from './create-ingest-token-dialog.tsx';
import { IngestTokensTable } from './ingest-tokens-table.tsx';

/** Tokens with which the app's own backend sends payment ids to the console's index. */
export function IngestTokensSection() {
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="ingest-tokens-heading" className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="ingest-tokens-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            Ingest tokens
          </h2>
          <p className="mt-1 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
            The app&rsquo;s backend sends the ids of the payments it sees to the console with one of these, so they are in the index before anyone asks. Each
            token is shown once, when it is created.
          </p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)}>
          Create ingest token
        </Button>
      </div>
      <IngestTokensTable />
      {creating && <CreateIngestTokenDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

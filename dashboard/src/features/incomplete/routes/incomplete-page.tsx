import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ProgressPanel } from '../../../components/progress-panel.tsx';
import { useCan } from '../../../lib/access.ts';
import { useClearIncomplete } from '../api/clear-incomplete.ts';
import { useIncomplete } from '../api/get-incomplete.ts';
import { clearDoneMessage, clearOutcomeWords } from '../clear-progress.ts';
import { ClearDialog } from '../components/clear-dialog.tsx';
import { ClearResultsTable } from '../components/clear-results-table.tsx';
import { ClearToolbar } from '../components/clear-toolbar.tsx';
import { IncompleteTable } from '../components/incomplete-table.tsx';

/** What "Clear" was pressed for: the selected payments, or every listed one (`null`). */
type ClearScope = { ids: string[] | null };

/** The app's stuck server payments, the fix for each, and, for ops and admins, clearing them in bulk. */
export function IncompletePage() {
  const canClear = useCan('incomplete:clear');
  const incomplete = useIncomplete();
  const clearing = useClearIncomplete();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [asking, setAsking] = useState<ClearScope | null>(null);

  const listedIds = (incomplete.data ?? []).map((item) => item.listed.identifier);
  const selectedIds = listedIds.filter((id) => selection[id]);

  const confirm = (scope: ClearScope) => {
    setAsking(null);
    setSelection({});
    clearing.start(scope.ids);
  };

  return (
    <>
      <PageHeader
        title="Incomplete payments"
        description="Payments from the app to users that were never completed or cancelled; each blocks the app's next payment to that user. Each is read again from the platform, as its list can be out of date, and the fix that fits it is shown."
      />
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          {canClear && (
            <ClearToolbar
              selected={selectedIds.length}
              listed={listedIds.length}
              running={clearing.pending}
              onClearSelected={() => setAsking({ ids: selectedIds })}
              onClearAll={() => setAsking({ ids: null })}
            />
          )}
          <Button className="ml-auto" onClick={() => void incomplete.refetch()} disabled={incomplete.isFetching} aria-busy={incomplete.isFetching}>
            {incomplete.isFetching ? 'Reading the list…' : 'Read the list again'}
          </Button>
        </div>
        {clearing.progress && (
          <div className="space-y-3">
            <ProgressPanel
              label="Clearing progress"
              progress={clearing.progress}
              outcomeWords={clearOutcomeWords}
              doneMessage={clearDoneMessage(clearing.progress)}
              error={clearing.error}
            />
            <ClearResultsTable results={clearing.progress.results} />
          </div>
        )}
        <IncompleteTable selection={canClear ? { state: selection, onChange: setSelection } : undefined} />
      </div>
      {asking && <ClearDialog ids={asking.ids} onConfirm={() => confirm(asking)} onCancel={() => setAsking(null)} />}
    </>
  );
}

import { IdListForm } from '../../../components/form/id-list-form.tsx';
import { ProgressPanel } from '../../../components/progress-panel.tsx';
import { MAX_BATCH_AD_IDS } from '../../../../../common/limits.ts';
import { batchDoneMessage, batchOutcomeWords } from '../ad-batch.ts';
import { useCheckAds } from '../api/check-ads.ts';
import { BatchResultsTable } from './batch-results-table.tsx';

/** Up to 1,000 ad ids at once, checked by the server with bounded concurrency, with progress and a verdict per ad. */
export function BatchCheck() {
  const batch = useCheckAds();
  return (
    <div className="space-y-4">
      <IdListForm label="Ad ids" noun="ad id" max={MAX_BATCH_AD_IDS} submitLabel="Check ads" pendingLabel="Checking…" pending={batch.pending} onSubmit={batch.start} />
      {batch.progress && (
        <>
          <ProgressPanel label="Check progress" progress={batch.progress} outcomeWords={batchOutcomeWords} doneMessage={batchDoneMessage(batch.progress)} error={batch.error} />
          <BatchResultsTable results={batch.progress.results} />
        </>
      )}
    </div>
  );
}

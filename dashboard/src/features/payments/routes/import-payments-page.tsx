import { Link } from 'react-router-dom';
import { IdListForm } from '../../../components/form/id-list-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useImportPayments } from '../api/import-payments.ts';
import { ImportProgressPanel } from '../components/import-progress-panel.tsx';
import { ImportResultsTable } from '../components/import-results-table.tsx';
import { MAX_IMPORT_IDS } from '../../../../../common/limits.ts';

export function ImportPaymentsPage() {
  const importer = useImportPayments();
  return (
    <>
      <PageHeader
        title="Import payments"
        description="Payments the console has not seen yet, by id: each is fetched from the platform (nothing pasted is trusted) and added to the index, with a result per id."
      />
      <div className="space-y-6">
        <Link to="/payments" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Back to payments
        </Link>
        <IdListForm
          label="Payment ids"
          noun="payment id"
          max={MAX_IMPORT_IDS}
          submitLabel="Import"
          pendingLabel="Importing…"
          pending={importer.pending}
          onSubmit={importer.start}
        />
        {importer.progress && (
          <>
            <ImportProgressPanel progress={importer.progress} error={importer.error} />
            <ImportResultsTable results={importer.progress.results} />
          </>
        )}
      </div>
    </>
  );
}

import { Link } from 'react-router-dom';
import { ExportCsvLink } from '../../../components/export-csv-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/access.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { batchFilterParams, readBatchFilters } from '../../../display/batch/batch-filters.ts';
import { BatchFiltersForm } from '../components/batch-filters-form.tsx';
import { BatchesTable } from '../components/batches-table.tsx';

const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';

/** Every reward batch, to find one again; the filters live in the URL, so every view is a link. */
export function BatchesPage() {
  const { filters, canonical, filtered, apply } = useUrlFilters(readBatchFilters, batchFilterParams);
  const canPay = useCan('rewards:pay');

  return (
    <>
      <PageHeader
        title="Batches"
        description="Every batch of rewards uploaded from a CSV file, newest first: who asked for it, where it stands, how far it got and whether it needed approval. Open one to see its rows."
      />
      <div className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <Link to="/rewards" className={link}>
          Back to rewards
        </Link>
        {canPay && (
          <Link to="/rewards/batches/new" className={link}>
            Upload a batch
          </Link>
        )}
        <div className="ml-auto">
          <ExportCsvLink path="/api/rewards/batches/export.csv" params={batchFilterParams(filters)} filtered={filtered} />
        </div>
      </div>
      <BatchFiltersForm key={canonical} filters={filters} filtered={filtered} onApply={apply} />
      <BatchesTable filters={filters} filtered={filtered} />
    </>
  );
}

import { PagedDataTable } from '../../../components/data-table/query-data-table.tsx';
import { useExceptions } from '../api/get-exceptions.ts';
import type { ReconciliationException } from '../../../display/reconciliation/exception-types.ts';
import type { ExceptionFilters } from '../reconciliation-filters.ts';
import { exceptionColumns } from './exception-columns.tsx';

const idOf = (exception: ReconciliationException) => exception.id;

/** The exceptions, newest first; a row opens the exception. */
export function ExceptionsTable({ filters, filtered, onOpen }: { filters: ExceptionFilters; filtered: boolean; onOpen: (exception: ReconciliationException) => void }) {
  return (
    <PagedDataTable
      label="Exceptions"
      columns={exceptionColumns}
      query={useExceptions(filters)}
      getRowId={idOf}
      empty={filtered ? 'No exceptions match these filters.' : 'No exceptions: every transaction read ties to a payment.'}
      onRowOpen={onOpen}
    />
  );
}

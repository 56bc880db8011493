import type { RowSelectionState } from '@tanstack/react-table';
import { useNavigate } from 'react-router-dom';
import { useColumnVisibility } from '../../../components/data-table/data-table-column-visibility.ts';
import { DataTableViewOptions } from '../../../components/data-table/data-table-view-options.tsx';
import type { ControlledState } from '../../../components/data-table/data-table.tsx';
import { QueryDataTable } from '../../../components/data-table/query-data-table.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import { useIncomplete, type IncompleteItem } from '../api/get-incomplete.ts';
import { defaultHiddenIncompleteColumns, incompleteColumnLabels, incompleteColumns, selectableIncompleteColumns } from './incomplete-columns.tsx';

const idOf = (item: IncompleteItem) => item.listed.identifier;

/** The platform's incomplete server payments with the fix for each; rows can be selected when `selection` is given. */
export function IncompleteTable({ selection }: { selection?: ControlledState<RowSelectionState> }) {
  const navigate = useNavigate();
  const columnVisibility = useColumnVisibility(defaultHiddenIncompleteColumns);
  return (
    <QueryDataTable
      label="Incomplete payments"
      columns={selection ? selectableIncompleteColumns : incompleteColumns}
      query={useIncomplete()}
      getRowId={idOf}
      empty="The platform lists no incomplete server payments: none blocks the app's next payment."
      rowSelection={selection}
      columnVisibility={columnVisibility}
      toolbar={(table) => (
        <div className="flex justify-end">
          <DataTableViewOptions table={table} labels={incompleteColumnLabels} />
        </div>
      )}
      onRowOpen={(item) => void navigate(paymentPath(item.listed.identifier))}
    />
  );
}

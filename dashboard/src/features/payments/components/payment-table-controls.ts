import type { ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { hiddenColumnsState } from '../../../components/data-table/data-table-column-visibility.ts';
import type { ControlledState } from '../../../components/data-table/data-table.tsx';
import { hideablePaymentColumns, paymentSorts, type PaymentTableView } from '../payment-table-view.ts';

/** A payments table's sort and shown columns, read from the view and written back to it (the URL). */
export function usePaymentTableControls(view: PaymentTableView, onViewChange: (view: PaymentTableView) => void) {
  const { sort, order, hidden } = view;
  const hiddenKey = hidden.join(',');
  const sortingState = useMemo<SortingState>(() => [{ id: sort, desc: order === 'desc' }], [sort, order]);
  const visibilityState = useMemo(() => hiddenColumnsState(hiddenKey.split(',').filter(Boolean)), [hiddenKey]);

  const sorting: ControlledState<SortingState> = {
    state: sortingState,
    onChange: (next) => {
      const [first] = next;
      const nextSort = paymentSorts.find((candidate) => candidate === first?.id);
      if (first && nextSort) onViewChange({ ...view, sort: nextSort, order: first.desc ? 'desc' : 'asc' });
    },
  };
  const columnVisibility: ControlledState<ColumnVisibilityState> = {
    state: visibilityState,
    onChange: (next) => onViewChange({ ...view, hidden: hideablePaymentColumns.filter((id) => next[id] === false) }),
  };
  return { sorting, columnVisibility };
}

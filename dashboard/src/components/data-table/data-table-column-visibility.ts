import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useState } from 'react';
import type { ControlledState } from './data-table.tsx';

/** Which columns a list of hidden column ids leaves shown, as the table takes it. */
export function hiddenColumnsState(hidden: readonly string[]): ColumnVisibilityState {
  return Object.fromEntries(hidden.map((id) => [id, false]));
}

/**
 * Shown columns for a table that keeps them while its page is open: `hiddenByDefault` are the columns
 * that would not fit beside the others, offered under "Columns".
 */
export function useColumnVisibility(hiddenByDefault: readonly string[]): ControlledState<ColumnVisibilityState> {
  const [state, onChange] = useState(() => hiddenColumnsState(hiddenByDefault));
  return { state, onChange };
}

import { isoOrEmpty, setParams } from '../../lib/url-state.ts';
import type { Batch } from './batch-types.ts';
import { batchStates } from './batch-states.ts';

/** The Batches table's filters, as the URL holds them; an empty string or list means "any". */
export interface BatchFilters {
  state: Array<Batch['state']>;
  /** Part of the requester's email. */
  requester: string;
  /** ISO time, inclusive. */
  from: string;
  /** ISO time, exclusive. */
  to: string;
}

export const noBatchFilters: BatchFilters = { state: [], requester: '', from: '', to: '' };

const MAX_EMAIL_LENGTH = 254;

/** The filters in `params`; values that cannot be right (an unknown state, a time that is not one) are dropped. */
export function readBatchFilters(params: URLSearchParams): BatchFilters {
  const named = new Set((params.get('state') ?? '').split(',').map((state) => state.trim()));
  const requester = params.get('requester')?.trim() ?? '';
  return {
    state: batchStates.filter((state) => named.has(state)),
    requester: requester.length <= MAX_EMAIL_LENGTH ? requester : '',
    from: isoOrEmpty(params.get('from')),
    to: isoOrEmpty(params.get('to')),
  };
}

/** The filters that are set, in a fixed order, for the URL, the API and the CSV export alike. */
export function batchFilterParams(filters: BatchFilters): URLSearchParams {
  return setParams({ ...filters, state: filters.state.join(',') }, ['state', 'requester', 'from', 'to']);
}

/** A link to the Batches page showing `filters`. */
export function batchesViewPath(filters: Partial<BatchFilters>): string {
  const query = batchFilterParams({ ...noBatchFilters, ...filters }).toString();
  return query ? `/rewards/batches?${query}` : '/rewards/batches';
}

/** A batch's page. */
export function batchPath(id: string): string {
  return `/rewards/batches/${encodeURIComponent(id)}`;
}

import type { AuditOutcome } from '../../../../bff/src/public-types.ts';
import { isoOrEmpty, setParams } from '../../lib/url-state.ts';

export type { AuditOutcome };

export const auditOutcomes: readonly AuditOutcome[] = ['ok', 'denied', 'refused', 'failed', 'unknown'];

/** The audit page's filters, as the URL holds them; an empty string means "any". */
export interface AuditFilters {
  /** Part of the actor's email. */
  actor: string;
  /** An action, or an area's prefixes (`staff.*`), as the action filter offers them. */
  action: string;
  /** Part of the target. */
  target: string;
  outcome: AuditOutcome | '';
  /** ISO time, inclusive. */
  from: string;
  /** ISO time, exclusive. */
  to: string;
}

export const noAuditFilters: AuditFilters = { actor: '', action: '', target: '', outcome: '', from: '', to: '' };

const TEXT_KEYS = ['actor', 'action', 'target'] as const;
const TIME_KEYS = ['from', 'to'] as const;
const ORDER = ['actor', 'action', 'target', 'outcome', 'from', 'to'] as const;

/** The filters in `params`; values that cannot be right (an unknown outcome, a time that is not one) are dropped. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const outcome = auditOutcomes.find((candidate) => candidate === params.get('outcome')) ?? '';
  const filters: AuditFilters = { ...noAuditFilters, outcome };
  for (const key of TEXT_KEYS) filters[key] = params.get(key)?.trim() ?? '';
  for (const key of TIME_KEYS) filters[key] = isoOrEmpty(params.get(key));
  return filters;
}

/** The filters that are set, in a fixed order, for the URL, the API and the CSV export alike. */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  return setParams(filters, ORDER);
}

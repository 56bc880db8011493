import { isoOrEmpty, setParams } from '../../lib/url-state.ts';
import type { ExceptionKind, ExceptionState } from '../../display/reconciliation/exception-types.ts';
import { exceptionKinds, exceptionStates } from '../../display/reconciliation/exception-words.ts';

/** The roll-forward's period, as ISO times; empty for all time. */
export interface Period {
  /** Included. */
  from: string;
  /** Not included. */
  to: string;
}

/** The exceptions table's filters; an empty string means "any". */
export interface ExceptionFilters {
  kind: ExceptionKind | '';
  state: ExceptionState | '';
}

/** The whole page's state, as the URL holds it. */
export type ReconciliationView = Period & ExceptionFilters;

export const allTime: Period = { from: '', to: '' };
export const noExceptionFilters: ExceptionFilters = { kind: '', state: '' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => values.find((candidate) => candidate === value) ?? '';

/** The view in `params`; values that cannot be right (an unknown kind, a time that is not one) are dropped. */
export function readReconciliationView(params: URLSearchParams): ReconciliationView {
  return {
    from: isoOrEmpty(params.get('from')),
    to: isoOrEmpty(params.get('to')),
    kind: oneOf(exceptionKinds, params.get('kind')),
    state: oneOf(exceptionStates, params.get('state')),
  };
}

/** What is set, in a fixed order: for the URL. */
export function reconciliationViewParams(view: ReconciliationView): URLSearchParams {
  return setParams(view, ['from', 'to', 'kind', 'state']);
}

/** For the summary. */
export function periodParams({ from, to }: Period): URLSearchParams {
  return setParams({ from, to }, ['from', 'to']);
}

/** For the exceptions list and its CSV export alike. */
export function exceptionFilterParams({ kind, state }: ExceptionFilters): URLSearchParams {
  return setParams({ kind, state }, ['kind', 'state']);
}

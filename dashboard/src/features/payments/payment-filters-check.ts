import { isDecimalAmount, toScaled } from '../../../../common/amount.ts';
import { paymentDirections, paymentFlags, paymentStates } from '../../components/payment/payment-states.ts';
import { fromDateTimeInput } from '../../lib/format-date.ts';
import { MAX_STALE_MINUTES, MIN_SEARCH_LENGTH, isStaleMinutes, noPaymentFilters, type FlagFilter, type PaymentFilters } from './payment-table-view.ts';

export type PaymentFilterProblems = Partial<Record<'q' | 'uid' | 'txid' | 'amountMin' | 'amountMax' | 'network' | 'staleMinutes', string>>;

function flagFilterOf(value: FormDataEntryValue | null): FlagFilter {
  return value === 'true' || value === 'false' ? value : '';
}

/** Reads the Payments filter form; the filters when every value can be right, otherwise what is wrong. */
export function checkPaymentFilters(form: FormData): { filters: PaymentFilters } | { problems: PaymentFilterProblems } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const chosenStates = new Set(form.getAll('state'));
  const filters: PaymentFilters = {
    ...noPaymentFilters,
    state: paymentStates.filter((state) => chosenStates.has(state)),
    direction: paymentDirections.find((direction) => direction === form.get('direction')) ?? '',
    uid: text('uid'),
    txid: text('txid').toLowerCase(),
    amountMin: text('amountMin'),
    amountMax: text('amountMax'),
    from: fromDateTimeInput(text('from')) ?? '',
    to: fromDateTimeInput(text('to')) ?? '',
    network: text('network'),
    q: text('q'),
    staleMinutes: text('staleMinutes'),
  };
  for (const flag of paymentFlags) filters[flag] = flagFilterOf(form.get(flag));

  const problems: PaymentFilterProblems = {};
  if (filters.q && filters.q.length < MIN_SEARCH_LENGTH) problems.q = `Enter at least ${MIN_SEARCH_LENGTH} characters, or nothing.`;
  if (filters.q.length > 200) problems.q = 'Enter at most 200 characters.';
  if (filters.uid.length > 200) problems.uid = 'A uid has at most 200 characters.';
  if (filters.txid && !/^[0-9a-f]{64}$/.test(filters.txid)) problems.txid = 'A txid is 64 hex characters.';
  for (const key of ['amountMin', 'amountMax'] as const) {
    if (filters[key] && !isDecimalAmount(filters[key])) problems[key] = 'Enter a decimal amount such as 12.5, with at most 7 decimal places.';
  }
  if (!problems.amountMin && !problems.amountMax && filters.amountMin && filters.amountMax && toScaled(filters.amountMin) > toScaled(filters.amountMax)) {
    problems.amountMax = 'The upper amount is below the lower one.';
  }
  if (filters.network.length > 100) problems.network = 'A network name has at most 100 characters.';
  if (filters.staleMinutes && !isStaleMinutes(filters.staleMinutes)) problems.staleMinutes = `Enter whole minutes, from 1 to ${MAX_STALE_MINUTES}.`;
  if (Object.keys(problems).length > 0) return { problems };
  if (filters.staleMinutes) filters.staleMinutes = String(Number(filters.staleMinutes));
  return { filters };
}

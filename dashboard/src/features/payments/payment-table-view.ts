import type { PaymentSort } from '../../../../bff/src/public-types.ts';
import { isDecimalAmount } from '../../../../common/amount.ts';
import { paymentDirections, paymentFlags, paymentStates, type PaymentDirection, type PaymentFlag, type PaymentState } from '../../components/payment/payment-states.ts';
import { isoOrEmpty } from '../../lib/url-state.ts';

/** A flag filter: only payments with the flag set (`true`), unset (`false`), or either (''). */
export type FlagFilter = '' | 'true' | 'false';

/** The Payments page's filters, as the URL holds them; an empty string or list means "any". */
export type PaymentFilters = Record<PaymentFlag, FlagFilter> & {
  state: PaymentState[];
  direction: PaymentDirection | '';
  uid: string;
  /** 64 hex characters, lower case. */
  txid: string;
  /** Decimal strings, never numbers: amounts are compared exactly on the server. */
  amountMin: string;
  amountMax: string;
  /** ISO times of creation: `from` included, `to` not. */
  from: string;
  to: string;
  network: string;
  /** Text in the id, txid, memo or metadata; at least 3 characters. */
  q: string;
  /** Whole minutes the payment's state has not moved. */
  staleMinutes: string;
};

export type SortOrder = 'asc' | 'desc';

export const paymentSorts: readonly PaymentSort[] = ['created', 'amount', 'synced'];

/** The columns of the Payments table; the sortable ones carry the server's sort names. */
export const paymentColumnIds = ['id', 'direction', 'user', 'amount', 'memo', 'state', 'flags', 'transaction', 'created', 'synced'] as const;
export type PaymentColumnId = (typeof paymentColumnIds)[number];

/** The id column is how a row is opened, so it cannot be hidden. */
export const hideablePaymentColumns: readonly PaymentColumnId[] = paymentColumnIds.filter((id) => id !== 'id');

/** Hidden until asked for under "Columns", so that the others fit on a laptop's screen without scrolling sideways. */
export const defaultHiddenPaymentColumns: readonly PaymentColumnId[] = ['memo', 'flags', 'transaction', 'synced'];

const sameColumns = (a: readonly PaymentColumnId[], b: readonly PaymentColumnId[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** Everything that makes one view of the Payments page; all of it lives in the URL. */
export interface PaymentTableView {
  filters: PaymentFilters;
  sort: PaymentSort;
  order: SortOrder;
  hidden: PaymentColumnId[];
}

/** A filter the URL holds that cannot be right, so it is not applied; the page says so. */
export interface IgnoredFilter {
  name: keyof PaymentFilters;
  /** The value as the URL has it. */
  value: string;
}

/** What the server is asked for: the view without the columns, which only the browser cares about. */
export type PaymentListQuery = Omit<PaymentTableView, 'hidden'>;

export const noPaymentFilters: PaymentFilters = {
  state: [],
  direction: '',
  developer_approved: '',
  transaction_verified: '',
  developer_completed: '',
  cancelled: '',
  user_cancelled: '',
  uid: '',
  txid: '',
  amountMin: '',
  amountMax: '',
  from: '',
  to: '',
  network: '',
  q: '',
  staleMinutes: '',
};

export const DEFAULT_SORT: PaymentSort = 'created';
export const DEFAULT_ORDER: SortOrder = 'desc';

export const MIN_SEARCH_LENGTH = 3;
export const MAX_STALE_MINUTES = 525_600;
const TXID = /^[0-9a-fA-F]{64}$/;

export function isStaleMinutes(value: string): boolean {
  return /^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_STALE_MINUTES;
}

/** Text values in the order they appear in the URL, after the direction, state and flags. */
const TEXT_KEYS = ['uid', 'txid', 'amountMin', 'amountMax', 'from', 'to', 'network', 'q', 'staleMinutes'] as const;

/** Each text filter's value when it can be right, otherwise '' (dropped). */
const textReaders: Record<(typeof TEXT_KEYS)[number], (value: string) => string> = {
  uid: (value) => (value.length <= 200 ? value : ''),
  txid: (value) => (TXID.test(value) ? value.toLowerCase() : ''),
  amountMin: (value) => (isDecimalAmount(value) ? value : ''),
  amountMax: (value) => (isDecimalAmount(value) ? value : ''),
  from: isoOrEmpty,
  to: isoOrEmpty,
  network: (value) => (value.length <= 100 ? value : ''),
  q: (value) => (value.length >= MIN_SEARCH_LENGTH && value.length <= 200 ? value : ''),
  staleMinutes: (value) => (isStaleMinutes(value) ? String(Number(value)) : ''),
};

function listOf(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The known members of `allowed` named in `value`, once each, in `allowed`'s order. */
function pick<Member extends string>(allowed: readonly Member[], value: string | null): Member[] {
  const named = new Set(listOf(value));
  return allowed.filter((member) => named.has(member));
}

function flagFilter(value: string | null): FlagFilter {
  return value === 'true' || value === 'false' ? value : '';
}

/** The filters in `params` that are not applied as written: a value that reads as nothing, or a state the console does not know. */
export function ignoredPaymentFilters(params: URLSearchParams, { filters }: PaymentTableView): IgnoredFilter[] {
  const ignored: IgnoredFilter[] = [];
  for (const name of ['direction', ...paymentFlags, ...TEXT_KEYS] as const) {
    const value = params.get(name)?.trim() ?? '';
    if (value && !filters[name]) ignored.push({ name, value });
  }
  const states = params.get('state') ?? '';
  if (new Set(listOf(states)).size > filters.state.length) ignored.push({ name: 'state', value: states });
  return ignored;
}

/** The view in `params`; values that cannot be right (an unknown state, an amount that is not one) are dropped. */
export function readPaymentView(params: URLSearchParams): PaymentTableView {
  const filters: PaymentFilters = {
    ...noPaymentFilters,
    state: pick(paymentStates, params.get('state')),
    direction: paymentDirections.find((direction) => direction === params.get('direction')) ?? '',
  };
  for (const flag of paymentFlags) filters[flag] = flagFilter(params.get(flag));
  for (const key of TEXT_KEYS) filters[key] = textReaders[key](params.get(key)?.trim() ?? '');
  return {
    filters,
    sort: paymentSorts.find((sort) => sort === params.get('sort')) ?? DEFAULT_SORT,
    order: params.get('order') === 'asc' ? 'asc' : params.get('order') === 'desc' ? 'desc' : DEFAULT_ORDER,
    // An empty `hide` shows every column; none at all, the default ones.
    hidden: params.has('hide') ? pick(hideablePaymentColumns, params.get('hide')) : [...defaultHiddenPaymentColumns],
  };
}

/** The filters that are set, in a fixed order. */
export function paymentFilterParams(filters: PaymentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.direction) params.set('direction', filters.direction);
  if (filters.state.length > 0) params.set('state', filters.state.join(','));
  for (const flag of paymentFlags) if (filters[flag]) params.set(flag, filters[flag]);
  for (const key of TEXT_KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

/** Filters and sort, for the API and the CSV export alike; the default sort is left out, as the server assumes it. */
export function paymentQueryParams({ filters, sort, order }: PaymentListQuery): URLSearchParams {
  const params = paymentFilterParams(filters);
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (order !== DEFAULT_ORDER) params.set('order', order);
  return params;
}

/** The whole view for the URL: filters, sort and the hidden columns unless they are the default ones. Equal views give equal strings. */
export function paymentViewParams(view: PaymentTableView): URLSearchParams {
  const params = paymentQueryParams(view);
  if (!sameColumns(view.hidden, defaultHiddenPaymentColumns)) params.set('hide', view.hidden.join(','));
  return params;
}

export function isFiltered(filters: PaymentFilters): boolean {
  return paymentFilterParams(filters).size > 0;
}

/** A link to the Payments page showing `filters`, with the default sort and columns. */
export function paymentsViewPath(filters: Partial<PaymentFilters>): string {
  const query = paymentFilterParams({ ...noPaymentFilters, ...filters }).toString();
  return query ? `/payments?${query}` : '/payments';
}

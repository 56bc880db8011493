import { paymentDirectionLabels, paymentFlags, paymentStateWords } from '../../components/payment/payment-states.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { paymentFilterLabels } from './payment-filter-labels.ts';
import { noPaymentFilters, type PaymentFilters } from './payment-table-view.ts';

export interface PaymentFilterChip {
  key: string;
  label: string;
  /** The filters once this chip is removed. */
  without: PaymentFilters;
}

const TEXT_KEYS = ['q', 'uid', 'txid', 'amountMin', 'amountMax', 'network', 'staleMinutes'] as const;

/** One chip per filter in force (one per chosen state), in the toolbar's order. */
export function paymentFilterChips(filters: PaymentFilters): PaymentFilterChip[] {
  const chip = (key: string, value: string, without: Partial<PaymentFilters>): PaymentFilterChip => ({ key, label: value, without: { ...filters, ...without } });
  const chips: PaymentFilterChip[] = [];
  for (const state of filters.state) {
    chips.push(chip(`state:${state}`, `State: ${paymentStateWords[state]}`, { state: filters.state.filter((other) => other !== state) }));
  }
  if (filters.direction) chips.push(chip('direction', `Direction: ${paymentDirectionLabels[filters.direction]}`, { direction: '' }));
  for (const flag of paymentFlags) {
    if (filters[flag]) chips.push(chip(flag, `${paymentFilterLabels[flag]}: ${filters[flag] === 'true' ? 'yes' : 'no'}`, { [flag]: '' }));
  }
  for (const key of TEXT_KEYS) {
    if (filters[key]) chips.push(chip(key, `${paymentFilterLabels[key]}: ${filters[key]}`, { [key]: noPaymentFilters[key] }));
  }
  for (const key of ['from', 'to'] as const) {
    if (filters[key]) chips.push(chip(key, `${paymentFilterLabels[key]}: ${formatDateTime(filters[key])}`, { [key]: '' }));
  }
  return chips;
}

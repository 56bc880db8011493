import { paymentFlagLabels } from '../../components/payment/payment-states.ts';
import type { PaymentFilters } from './payment-table-view.ts';

/** Each filter's name as the toolbar, its chips and its notices say it. */
export const paymentFilterLabels: Record<keyof PaymentFilters, string> = {
  ...paymentFlagLabels,
  state: 'State',
  direction: 'Direction',
  uid: 'User uid',
  txid: 'Transaction id',
  amountMin: 'Amount from',
  amountMax: 'Amount up to',
  from: 'Created from',
  to: 'Created before',
  network: 'Network',
  q: 'Search text',
  staleMinutes: 'Unchanged for (minutes)',
};

import { paymentsViewPath } from './payment-table-view.ts';

/** Views ops come back to, as plain links: each is just a filtered Payments page. */
export const savedPaymentViews = [
  {
    label: 'Stuck user payments',
    description: 'Users paid and the transaction is verified, but the app has not completed the payment; it blocks their next one.',
    path: paymentsViewPath({ direction: 'user_to_app', state: ['awaiting_completion'] }),
  },
  {
    label: 'Approved, no transaction for 10+ min',
    description: 'Approved payments with no blockchain transaction whose state has not moved for ten minutes or more.',
    path: paymentsViewPath({ state: ['awaiting_transaction'], staleMinutes: '10' }),
  },
] as const;

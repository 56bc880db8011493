import type { DropdownMenuItem } from '../menu/dropdown-menu.tsx';
import { userPath } from '../user/user-path.ts';
import { paymentPath } from './payment-path.ts';

/** The row-menu items every payment table offers: open the payment, open its user. */
export function paymentOpenItems(navigate: (path: string) => void, payment: { identifier: string; user_uid: string }): DropdownMenuItem[] {
  return [
    { label: 'Open payment', onSelect: () => navigate(paymentPath(payment.identifier)) },
    { label: 'Open user', onSelect: () => navigate(userPath(payment.user_uid)) },
  ];
}

import { paymentPath } from '../../components/payment/payment-path.ts';

/** Where an audit target (`payment:<id>`, `staff:<id or email>`) is shown in the console, or null. */
export function auditTargetPath(target: string): string | null {
  const [kind, ...rest] = target.split(':');
  const id = rest.join(':');
  if (!id) return null;
  if (kind === 'payment') return paymentPath(id);
  if (kind === 'staff') return '/staff';
  return null;
}

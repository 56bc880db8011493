import type { BadgeTone } from '../../components/badge.tsx';
import type { ExceptionKind, ExceptionState } from './exception-types.ts';

/** Each kind in words; the code stays beside it for screen readers and in a tooltip. */
export const exceptionKindLabels: Record<ExceptionKind, string> = {
  double_payment: 'Paid twice',
  unmatched_outflow: 'Money out naming no payment',
  amount_mismatch: 'Amount differs from the payment',
  destination_mismatch: 'Paid to another wallet than the payment’s',
  missing_on_chain: 'Completed, but not on the chain',
  unmatched_inflow: 'Money in naming no payment',
  paid_not_completed: 'Paid by the user, not completed',
};

export const exceptionKinds = Object.keys(exceptionKindLabels) as ExceptionKind[];

export const exceptionStateLabels: Record<ExceptionState, string> = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' };

export const exceptionStates = Object.keys(exceptionStateLabels) as ExceptionState[];

export const exceptionStateTones: Record<ExceptionState, BadgeTone> = { open: 'danger', acknowledged: 'warning', resolved: 'success' };

/** The difference is zero to the stroop when the books tie, whatever its sign or padding. */
export function isZeroAmount(amount: string): boolean {
  return /^-?0(\.0*)?$/.test(amount);
}

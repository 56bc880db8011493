import type { PaymentStatus } from '../../../../bff/src/public-types.ts';
import { paymentFlagLabels, paymentFlagShortWords, paymentFlags, type PaymentFlag } from './payment-states.ts';

const yesNo = (on: boolean) => (on ? 'yes' : 'no');

/** "Developer approved: yes": what each badge says to screen readers and on hover. */
export function flagDescription(flag: PaymentFlag, on: boolean): string {
  return `${paymentFlagLabels[flag]}: ${yesNo(on)}`;
}

// Set and unset differ by more than colour: a filled badge with a tick, or a dashed outline with a dash.
const fullClasses = {
  on: 'bg-indigo-50 text-indigo-900 ring-1 ring-indigo-300 ring-inset dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800',
  off: 'bg-transparent text-zinc-500 outline-1 outline-dashed -outline-offset-1 outline-zinc-400 dark:text-zinc-400 dark:outline-zinc-600',
};

/** The platform's five status flags as labelled badges, each saying yes or no in words. */
export function PaymentFlagBadges({ status }: { status: PaymentStatus }) {
  return (
    <ul aria-label="Status flags" className="flex flex-wrap gap-1.5">
      {paymentFlags.map((flag) => {
        const on = status[flag];
        return (
          <li key={flag} className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium ${fullClasses[on ? 'on' : 'off']}`}>
            <span aria-hidden="true">{on ? '✓' : '–'}</span>
            {`${paymentFlagLabels[flag]}: `}
            <span className={on ? 'font-semibold' : ''}>{yesNo(on)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The five flags in one line, for table rows: the set ones as short words ("approved", "verified"),
 * so a newcomer reads them without hovering; unset ones are not drawn. Screen readers hear all five
 * with their full names and values, which also show on hover.
 */
export function CompactPaymentFlags({ status }: { status: PaymentStatus }) {
  const anySet = paymentFlags.some((flag) => status[flag]);
  return (
    <ul aria-label="Status flags" className="flex gap-1 whitespace-nowrap">
      {paymentFlags.map((flag) => {
        const on = status[flag];
        const description = flagDescription(flag, on);
        return (
          <li key={flag} title={description} className={on ? 'rounded bg-indigo-50 px-1 text-xs text-indigo-900 ring-1 ring-indigo-200 ring-inset dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800' : 'sr-only'}>
            {on && <span aria-hidden="true">{paymentFlagShortWords[flag]}</span>}
            <span className="sr-only">{description}</span>
          </li>
        );
      })}
      {!anySet && (
        <li aria-hidden="true" className="text-xs text-zinc-500 dark:text-zinc-400">
          none set
        </li>
      )}
    </ul>
  );
}

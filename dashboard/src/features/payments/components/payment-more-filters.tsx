import { Button } from '../../../components/button.tsx';
import { Popover } from '../../../components/popover.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { timeZoneWords, toDateTimeInput } from '../../../lib/format-date.ts';
import { useTimeZoneChoice } from '../../../lib/time-zone.ts';
import type { PaymentFilterProblems } from '../payment-filters-check.ts';
import { paymentFilterLabels } from '../payment-filter-labels.ts';
import type { PaymentFilters } from '../payment-table-view.ts';

const MORE_KEYS = ['uid', 'txid', 'amountMin', 'amountMax', 'from', 'to', 'network', 'staleMinutes'] as const;

/** Whether a problem sits in a field of this popover, so it opens to show it. */
export function hasMoreFilterProblem(problems: PaymentFilterProblems): boolean {
  return Object.keys(problems).some((key) => key !== 'q');
}

/**
 * The filters that take typing (uid, txid, ranges, network, how long unchanged), in a popover, so the
 * toolbar stays one row. They are fields of the toolbar's form and apply with Enter or "Apply filters".
 */
export function PaymentMoreFilters({ filters, problems }: { filters: PaymentFilters; problems: PaymentFilterProblems }) {
  const zone = useTimeZoneChoice();
  const set = MORE_KEYS.filter((key) => filters[key]).length;
  const text = { autoComplete: 'off', spellCheck: false } as const;
  return (
    <Popover label="More filters" trigger={set > 0 ? `More filters (${set})` : 'More filters'} forceOpen={hasMoreFilterProblem(problems)}>
      <div className="max-h-[70vh] w-72 space-y-3 overflow-y-auto p-1">
        <TextField key={`uid:${filters.uid}`} label={paymentFilterLabels.uid} name="uid" defaultValue={filters.uid} hint="Exactly, e.g. a UUID." error={problems.uid} {...text} />
        <TextField key={`txid:${filters.txid}`} label={paymentFilterLabels.txid} name="txid" defaultValue={filters.txid} hint="64 hex characters." error={problems.txid} {...text} />
        <TextField key={`amountMin:${filters.amountMin}`} label={paymentFilterLabels.amountMin} name="amountMin" defaultValue={filters.amountMin} inputMode="decimal" hint="Included." error={problems.amountMin} {...text} />
        <TextField key={`amountMax:${filters.amountMax}`} label={paymentFilterLabels.amountMax} name="amountMax" defaultValue={filters.amountMax} inputMode="decimal" hint="Included." error={problems.amountMax} {...text} />
        <TextField key={`from:${filters.from}:${zone}`} label={paymentFilterLabels.from} name="from" type="datetime-local" defaultValue={toDateTimeInput(filters.from, zone)} hint={`In ${timeZoneWords(zone)}; included.`} />
        <TextField key={`to:${filters.to}:${zone}`} label={paymentFilterLabels.to} name="to" type="datetime-local" defaultValue={toDateTimeInput(filters.to, zone)} hint={`In ${timeZoneWords(zone)}; not included.`} />
        <TextField key={`network:${filters.network}`} label={paymentFilterLabels.network} name="network" defaultValue={filters.network} hint="Exactly, e.g. Plat Testnet." error={problems.network} {...text} />
        <TextField
          key={`staleMinutes:${filters.staleMinutes}`}
          label={paymentFilterLabels.staleMinutes}
          name="staleMinutes"
          defaultValue={filters.staleMinutes}
          inputMode="numeric"
          hint="State not moved for at least this long."
          error={problems.staleMinutes}
          {...text}
        />
        <Button type="submit" variant="primary" className="w-full">
          Apply filters
        </Button>
      </div>
    </Popover>
  );
}

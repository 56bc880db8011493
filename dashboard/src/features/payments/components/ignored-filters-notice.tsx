import { Notice } from '../../../components/notice.tsx';
import { paymentFilterLabels } from '../payment-filter-labels.ts';
import type { IgnoredFilter } from '../payment-table-view.ts';

const MAX_SHOWN_LENGTH = 40;

function shown(value: string): string {
  return value.length > MAX_SHOWN_LENGTH ? `${value.slice(0, MAX_SHOWN_LENGTH)}… (${value.length} characters)` : value;
}

/** Filters in the link that cannot be right are not applied; this says which, instead of dropping them silently. */
export function IgnoredFiltersNotice({ ignored }: { ignored: readonly IgnoredFilter[] }) {
  if (ignored.length === 0) return null;
  return (
    <Notice>
      {`Not applied, because the link's value cannot be right (too long, or not a valid value): `}
      {ignored.map(({ name, value }) => `${paymentFilterLabels[name]} “${shown(value)}”`).join('; ')}
      {'. "Clear filters" removes them from the link.'}
    </Notice>
  );
}

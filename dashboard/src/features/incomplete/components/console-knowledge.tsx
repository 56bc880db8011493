import { DateTime } from '../../../components/date-time.tsx';
import { sourceInWords } from '../../../components/payment/payment-sources.ts';
import type { IncompleteItem } from '../api/get-incomplete.ts';

/** When and how the console first saw the payment, and how often staff acted on it. */
export function ConsoleKnowledge({ known }: { known: IncompleteItem['known'] }) {
  const { firstSeenAt, firstSeenSource, staffActions } = known;
  return (
    <div className="min-w-40 space-y-0.5 text-xs text-zinc-700 dark:text-zinc-300">
      {firstSeenAt ? (
        <p>
          {'First seen '}
          <DateTime iso={firstSeenAt} />
          {firstSeenSource && ` through ${sourceInWords(firstSeenSource)}`}
        </p>
      ) : (
        <p>Not seen before this list</p>
      )}
      <p>{staffActions === 0 ? 'No staff actions' : staffActions === 1 ? '1 staff action' : `${staffActions} staff actions`}</p>
    </div>
  );
}

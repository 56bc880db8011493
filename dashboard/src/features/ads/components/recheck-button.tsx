import { Button } from '../../../components/button.tsx';
import { isAdNotFound, useCheckAd } from '../api/check-ad.ts';

/** Checks the ad again now; the new check appears at the top of the history. */
export function RecheckButton({ adId }: { adId: string }) {
  const check = useCheckAd();
  // "Not found" is an answer, stored in the history like any other; only a failure to check is shown here.
  const failed = check.error && !isAdNotFound(check.error) ? check.error : null;
  return (
    <span className="flex flex-col items-start gap-1">
      <Button onClick={() => check.mutate(adId)} disabled={check.isPending} aria-busy={check.isPending} aria-label={`Re-check ${adId}`}>
        {check.isPending ? 'Checking…' : 'Re-check'}
      </Button>
      {failed && (
        <span role="alert" className="max-w-48 text-xs text-red-700 dark:text-red-400">
          {failed.message}
        </span>
      )}
    </span>
  );
}

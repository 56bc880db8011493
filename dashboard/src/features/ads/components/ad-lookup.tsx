import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { pathIdProblemWords } from '../../../lib/path-id-words.ts';
import { isAdNotFound, useCheckAd } from '../api/check-ad.ts';
import { AdCheckCard } from './ad-check-card.tsx';
import { RewardVerdict } from './reward-verdict.tsx';

function LookupError({ error }: { error: Error }) {
  if (!isAdNotFound(error)) return <ErrorNotice error={error} />;
  return (
    <div role="status" className="space-y-2 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
      <p className="font-medium">No ad with this id</p>
      <p className="text-zinc-600 dark:text-zinc-400">The platform knows no rewarded ad by this id, so it earned no reward.</p>
      <RewardVerdict reward={false} />
    </div>
  );
}

/** One ad id, checked with the platform now; a malformed id is refused here, before any request. */
export function AdLookup() {
  const check = useCheckAd();
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    const adId = String(new FormData(event.currentTarget).get('adId') ?? '').trim();
    const found = pathIdProblemWords(adId, 'Enter an ad id.');
    setProblem(found ?? undefined);
    if (found) {
      check.reset();
      return;
    }
    check.mutate(adId);
  };

  return (
    <div className="space-y-4">
      <form role="search" aria-label="Look up one ad" noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <div className="w-full max-w-sm">
          <TextField label="Ad id" name="adId" autoComplete="off" spellCheck={false} error={problem} hint="As the ad network gave it to the app." />
        </div>
        <Button type="submit" variant="primary" className="mt-6" disabled={check.isPending} aria-busy={check.isPending}>
          {check.isPending ? 'Checking…' : 'Check ad'}
        </Button>
      </form>
      {check.data && <AdCheckCard check={check.data} />}
      {check.error && <LookupError error={check.error} />}
    </div>
  );
}

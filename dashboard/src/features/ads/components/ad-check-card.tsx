import { FieldRow } from '../../../components/field-row.tsx';
import { adCheckInWords, rewardInWords, type AdCheckView } from '../ad-check-words.ts';
import { AdTime } from './ad-check-cells.tsx';

/** What the platform says of one ad now, and the verdict. */
export function AdCheckCard({ check }: { check: AdCheckView }) {
  return (
    <section aria-label={`Ad ${check.adId}`} className="max-w-xl space-y-3 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
      <p className={`text-lg font-semibold ${check.reward ? 'text-emerald-700 dark:text-emerald-400' : 'text-zinc-800 dark:text-zinc-200'}`}>{rewardInWords(check.reward)}</p>
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
        <FieldRow label="Ad id">
          <span className="font-mono text-xs break-all">{check.adId}</span>
        </FieldRow>
        <FieldRow label="Status">{adCheckInWords(check)}</FieldRow>
        <FieldRow label="Granted">
          <AdTime iso={check.grantedAt} />
        </FieldRow>
        <FieldRow label="Revoked">
          <AdTime iso={check.revokedAt} />
        </FieldRow>
      </dl>
    </section>
  );
}

import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { useCan } from '../../../lib/access.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { adCheckFilterParams, readAdCheckFilters } from '../ad-check-filters.ts';
import { AdHistoryFiltersForm } from '../components/ad-history-filters-form.tsx';
import { AdHistoryTable } from '../components/ad-history-table.tsx';
import { AdLookup } from '../components/ad-lookup.tsx';
import { BatchCheck } from '../components/batch-check.tsx';

/** Whether rewarded ads earned their reward: one at a time, in bulk, and every check so far; the history's filters live in the URL. */
export function AdsPage() {
  const { filters, canonical, filtered, apply } = useUrlFilters(readAdCheckFilters, adCheckFilterParams);
  const canCheckMany = useCan('ads:check');

  return (
    <>
      <PageHeader
        title="Rewarded ads"
        description="Whether a rewarded ad earned its reward, asked of the platform now: only a granted ad earns one. Every check is kept in the history below."
      />
      <div className="space-y-10">
        <PageSection title="Look up one ad" description="The ad's status in words, when it was granted or revoked, and the verdict.">
          <AdLookup />
        </PageSection>
        {canCheckMany && (
          <PageSection title="Check many ads" description="Paste up to 1,000 ad ids; each is checked with the platform, with a verdict per ad.">
            <BatchCheck />
          </PageSection>
        )}
        <PageSection title="History" description="Every check so far, newest first.">
          <AdHistoryFiltersForm key={canonical} filters={filters} filtered={filtered} onApply={apply} />
          <AdHistoryTable filters={filters} filtered={filtered} onApply={apply} />
        </PageSection>
      </div>
    </>
  );
}

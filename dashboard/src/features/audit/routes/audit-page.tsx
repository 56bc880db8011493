import { ExportCsvLink } from '../../../components/export-csv-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/access.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { auditFilterParams, readAuditFilters } from '../audit-filters.ts';
import { AuditFiltersForm } from '../components/audit-filters-form.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { VerifyChain } from '../components/verify-chain.tsx';

/** The filters live in the URL: every view is a link, and Back and Forward move between views. */
export function AuditPage() {
  const { filters, canonical, filtered, apply } = useUrlFilters(readAuditFilters, auditFilterParams);
  const canVerify = useCan('audit:verify');

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every sign-in, refusal and staff action, newest first. Each row carries the hash of the row before it, so a changed, removed or inserted row shows."
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        {canVerify && <VerifyChain />}
        <div className="ml-auto">
          <ExportCsvLink path="/api/audit/export.csv" params={auditFilterParams(filters)} filtered={filtered} />
        </div>
      </div>
      <AuditFiltersForm key={canonical} filters={filters} filtered={filtered} onApply={apply} />
      <AuditTable filters={filters} filtered={filtered} />
    </>
  );
}

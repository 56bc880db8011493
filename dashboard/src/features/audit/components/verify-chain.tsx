import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useVerifyAuditChain, type AuditProblem, type AuditVerification } from '../api/verify-audit-chain.ts';

const problemWords: Record<AuditProblem, string> = {
  changed: 'was changed after it was written',
  removed: 'is missing: it was removed',
  inserted: 'was slipped in: it was never written by the console',
};

function VerificationResult({ result }: { result: AuditVerification }) {
  if (result.intact) {
    return (
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {`Intact, ${result.rows} rows`}
      </p>
    );
  }
  const { id, problem } = result.firstBad;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100">
      <p className="font-medium">{`Not intact: row ${id} ${problemWords[problem]}.`}</p>
      <p className="mt-0.5 text-xs">{`${result.message} (${result.rows} rows checked)`}</p>
    </div>
  );
}

/** Walks the hash chain on the server and says whether any row was changed, removed or inserted. */
export function VerifyChain() {
  const verify = useVerifyAuditChain();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={() => verify.mutate()} disabled={verify.isPending} aria-busy={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify chain'}
      </Button>
      {verify.data && <VerificationResult result={verify.data} />}
      {verify.error && <ErrorNotice error={verify.error} />}
    </div>
  );
}

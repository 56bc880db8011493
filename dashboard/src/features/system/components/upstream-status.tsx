import { StatusDot } from '../../../components/status-dot.tsx';
import { summarizeUpstream, type UpstreamSummary } from '../../../components/upstream-summary.ts';
import { useReadiness } from '../api/get-readiness.ts';

const checking: UpstreamSummary = { tone: 'unknown', label: 'checking', detail: 'Checking the Platform API.' };
const stopping: UpstreamSummary = { tone: 'unknown', label: 'console stopping', detail: 'This console process is stopping; reload the page once it is back.' };

/** "Upstream: ok (12 ms)" and the like, from /api/ready, refreshed in the background. */
export function UpstreamStatus() {
  const readiness = useReadiness();
  const summary: UpstreamSummary = readiness.isError
    ? { tone: 'unknown', label: 'status unknown', detail: readiness.error.message }
    : readiness.data
      ? 'upstream' in readiness.data
        ? summarizeUpstream(readiness.data.upstream)
        : stopping
      : checking;

  return (
    <div role="status" title={summary.detail} className="flex shrink-0 items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <StatusDot tone={summary.tone} />
      {/* On a phone the dot alone keeps the search box usable; the words stay for screen readers. */}
      <span className="sr-only sm:not-sr-only">{`Upstream: ${summary.label}`}</span>
      <span className="sr-only">{summary.detail}</span>
    </div>
  );
}

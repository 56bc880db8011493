import { ApiRequestError } from '../lib/api-client.ts';

function factsOf(error: Error): string[] {
  if (!(error instanceof ApiRequestError)) return [];
  const facts = [`code ${error.code}`];
  if (error.upstream) facts.push(`platform ${error.upstream.status ?? 'no status'} ${error.upstream.code}`);
  if (error.requestId) facts.push(`request ${error.requestId}`);
  return facts;
}

interface ErrorNoticeProps {
  error: Error;
  message?: string;
  /** A second, smaller line, e.g. the server's own words under the caller's explanation. */
  detail?: string;
  showCodes?: boolean;
}

/**
 * A refusal or failure next to the thing that caused it: the message in plain words (or
 * `message`, when the caller says it better) and the codes staff can quote to whoever investigates.
 */
export function ErrorNotice({ error, message, detail, showCodes = true }: ErrorNoticeProps) {
  const facts = showCodes ? factsOf(error) : [];
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100">
      <p>{message ?? error.message}</p>
      {detail && <p className="mt-0.5 text-xs">{detail}</p>}
      {facts.length > 0 && <p className="mt-0.5 font-mono text-xs text-red-800/80 dark:text-red-200/70">{facts.join(' · ')}</p>}
    </div>
  );
}

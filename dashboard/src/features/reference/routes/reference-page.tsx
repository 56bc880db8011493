import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { RetryableError } from '../../../components/retryable-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { operationsOf } from '../api-operations.ts';
import { OPENAPI_DOCUMENT_URL, useOpenApiDocument } from '../api/get-openapi-document.ts';
import { OperationIndex } from '../components/operation-index.tsx';
import { OperationSection } from '../components/operation-section.tsx';
import { CodeWords } from '../components/code-words.tsx';

const linkClasses = 'text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700';

/** The public API, read from its OpenAPI document: every operation, with a deep link of its own (`#operationId`). */
export function ReferencePage() {
  const document = useOpenApiDocument();
  const operations = useMemo(() => (document.data ? operationsOf(document.data) : []), [document.data]);
  const current = decodeURIComponent(useLocation().hash.slice(1));

  // A deep link, followed or opened: its operation is scrolled to and takes the focus, once it is shown.
  useEffect(() => {
    if (!current || operations.length === 0) return;
    const target = window.document.getElementById(current);
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [current, operations]);

  return (
    <>
      <PageHeader
        title="API reference"
        description="The API your app's backend calls, with an API key as Authorization: Bearer <key>. Each operation names the scope its key needs."
        meta={
          <a href={OPENAPI_DOCUMENT_URL} className={linkClasses}>
            OpenAPI document (JSON)
          </a>
        }
      />
      {document.isPending && <Spinner label="Reading the API's document" />}
      {document.isError && <RetryableError error={document.error} message={`The API's document could not be read: ${document.error.message}`} onRetry={() => void document.refetch()} />}
      {document.data && (
        <div className="flex items-start gap-8">
          <div className="sticky top-20 w-60 shrink-0">
            <OperationIndex operations={operations} current={current} />
          </div>
          <div className="min-w-0 flex-1 space-y-8">
            {document.data.info.description && (
              <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
                <CodeWords text={document.data.info.description} />
              </p>
            )}
            {operations.map((operation) => (
              <OperationSection key={operation.id} operation={operation} />
            ))}
          </div>
        </div>
      )}
    </>
  );
}

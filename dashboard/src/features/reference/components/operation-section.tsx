import type { ApiBody, ApiOperation, ApiResponse } from '../api-operations.ts';
import { CodeWords } from './code-words.tsx';
import { FieldsTable } from './fields-table.tsx';
import { MethodBadge } from './method-badge.tsx';

const subheading = 'text-sm font-semibold text-zinc-900 dark:text-zinc-50';

function bodyWords(body: ApiBody): string {
  return `${body.mediaType}${body.schemaName ? `, ${body.schemaName}` : ''}`;
}

function ResponseBlock({ operationId, response }: { operationId: string; response: ApiResponse }) {
  const succeeded = response.status.startsWith('2');
  return (
    <li className="space-y-1">
      <p className="text-sm">
        <span className={`font-mono font-semibold ${succeeded ? 'text-emerald-700 dark:text-emerald-300' : 'text-zinc-800 dark:text-zinc-200'}`}>{response.status}</span>{' '}
        <CodeWords text={response.description} />
        {response.body && <span className="text-zinc-500 dark:text-zinc-400"> ({bodyWords(response.body)})</span>}
      </p>
      {response.body && response.body.fields.length > 0 && (
        // Open for the answers a caller reads; the error answers share one shape.
        <details open={succeeded} className="ml-4">
          <summary className="cursor-pointer text-sm text-zinc-600 dark:text-zinc-400">Fields of the {response.status} answer</summary>
          <FieldsTable label={`Fields of the ${response.status} answer of ${operationId}`} fields={response.body.fields} />
        </details>
      )}
    </li>
  );
}

/** One operation: what it does, the scope it needs, what it takes and what it answers. Its id is its deep link. */
export function OperationSection({ operation }: { operation: ApiOperation }) {
  const { id, method, path, summary, description, scopes, parameters, requestBody, responses } = operation;
  return (
    <section id={id} aria-labelledby={`${id}-title`} tabIndex={-1} className="scroll-mt-20 space-y-4 rounded-lg border border-zinc-200 p-5 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-800">
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-zinc-900 dark:text-zinc-50">
          <MethodBadge method={method} />{' '}
          <code className="font-mono break-all">{path}</code>
        </h2>
        <p className="text-sm text-zinc-800 dark:text-zinc-200">{summary}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {scopes.length > 0 ? (
            <>
              Scope: <CodeWords text={scopes.map((scope) => `\`${scope}\``).join(', ')} />
            </>
          ) : (
            'No API key needed.'
          )}
          <span className="ml-3 text-xs text-zinc-500">
            operationId <code className="font-mono">{id}</code>
          </span>
        </p>
      </div>
      {description && (
        <p className="max-w-prose text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">
          <CodeWords text={description} />
        </p>
      )}
      {parameters.length > 0 && (
        <div className="space-y-1">
          <h3 className={subheading}>Parameters</h3>
          <FieldsTable label={`Parameters of ${id}`} fields={parameters} />
        </div>
      )}
      {requestBody && (
        <div className="space-y-1">
          <h3 className={subheading}>Request body</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {bodyWords(requestBody)}, {requestBody.required ? 'required' : 'optional'}
          </p>
          <FieldsTable label={`Request body of ${id}`} fields={requestBody.fields} />
        </div>
      )}
      <div className="space-y-1">
        <h3 className={subheading}>Responses</h3>
        <ul className="space-y-2">
          {responses.map((response) => (
            <ResponseBlock key={response.status} operationId={id} response={response} />
          ))}
        </ul>
      </div>
    </section>
  );
}

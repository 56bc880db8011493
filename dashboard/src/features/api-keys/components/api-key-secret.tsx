import { CopyButton } from '../../../components/copy-button.tsx';
import { DoneAction } from '../../../components/dialog/dialog-actions.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { ApiKey } from '../api/get-api-keys.ts';

const linkClasses = 'font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700';
const codeClasses = 'overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200';

/** A key's secret, shown once, and how the app's backend sends it. Focus moves here as the form goes. */
export function ApiKeySecret({ secret, apiKey, onDone }: { secret: string; apiKey: ApiKey; onDone: () => void }) {
  const ingestEndpoint = new URL('/api/ingest/payments', window.location.origin).href;
  return (
    <>
      <Notice>Copy the key now and keep it in the app backend’s secrets. It is shown only this once; the console keeps only its hash.</Notice>
      <div className="mt-3 flex items-center gap-2">
        <input aria-label="API key" readOnly autoFocus value={secret} onFocus={(event) => event.currentTarget.select()} className={`${inputClasses} font-mono text-xs`} />
        <CopyButton text={secret} label="Copy the API key" />
      </div>
      <div className="mt-4 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <p>The app’s backend sends the key with every request, as a header:</p>
        <pre aria-label="How the app's backend sends the key" className={codeClasses}>
          Authorization: Bearer &lt;key&gt;
        </pre>
        {apiKey.scopes.includes('ingest') && (
          <>
            <p>With the ingest scope it sends the ids of payments it sees, up to 1,000 a request; the console fetches each from the platform itself:</p>
            <pre aria-label="How the app's backend sends payment ids" className={codeClasses}>
              {`POST ${ingestEndpoint}\nAuthorization: Bearer <key>\nContent-Type: application/json\n\n{ "ids": ["<payment id>", "<payment id>"] }`}
            </pre>
          </>
        )}
        <p>
          What each call takes and answers is in the{' '}
          <a href="/reference" target="_blank" rel="noopener" className={linkClasses}>
            API reference
          </a>{' '}
          (it opens in a new tab, so this key stays in view).
        </p>
      </div>
      <DoneAction onDone={onDone} />
    </>
  );
}

import { CopyButton } from '../../../components/copy-button.tsx';
import { DoneAction } from '../../../components/dialog/dialog-actions.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { CreatedIngestToken } from '../api/create-ingest-token.ts';

/** The new token, shown once, and how the app's backend uses it. Focus moves here as the form goes. */
export function IngestTokenResult({ created, onDone }: { created: CreatedIngestToken; onDone: () => void }) {
  const endpoint = new URL('/api/ingest/payments', window.location.origin).href;
  return (
    <>
      <Notice>Copy the token now and keep it in the app backend&rsquo;s secrets. It is shown only this once; the console keeps only its hash.</Notice>
      <div className="mt-3 flex items-center gap-2">
        <input aria-label="Ingest token" readOnly autoFocus value={created.token} onFocus={(event) => event.currentTarget.select()} className={`${inputClasses} font-mono text-xs`} />
        <CopyButton text={created.token} label="Copy the ingest token" />
      </div>
      <div className="mt-4 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <p>The app&rsquo;s backend sends the ids of payments it sees, up to 1,000 per request:</p>
        <pre aria-label="How the app's backend calls the console" className="overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {`POST ${endpoint}\nAuthorization: Bearer <token>\nContent-Type: application/json\n\n{ "ids": ["<payment id>", "<payment id>"] }`}
        </pre>
        <p>The console fetches each payment from the platform itself (it never trusts what is sent) and answers with a result per id.</p>
      </div>
      <DoneAction onDone={onDone} />
    </>
  );
}

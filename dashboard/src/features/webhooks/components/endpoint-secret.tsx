import { CopyButton } from '../../../components/copy-button.tsx';
import { DoneAction } from '../../../components/dialog/dialog-actions.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { Notice } from '../../../components/notice.tsx';

const codeClasses = 'overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200';

/** An endpoint's signing secret, shown once, and how the receiver checks a delivery with it. */
export function EndpointSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <>
      <Notice>Copy the signing secret now and keep it in the receiver’s secrets. It is shown only this once.</Notice>
      <div className="mt-3 flex items-center gap-2">
        <input aria-label="Signing secret" readOnly autoFocus value={secret} onFocus={(event) => event.currentTarget.select()} className={`${inputClasses} font-mono text-xs`} />
        <CopyButton text={secret} label="Copy the signing secret" />
      </div>
      <div className="mt-4 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <p>Each delivery is signed as the Standard Webhooks specification says, so the receiver checks it with a Standard Webhooks library in its own language:</p>
        <pre aria-label="How the receiver checks a delivery" className={codeClasses}>
          {`import { Webhook } from 'standardwebhooks';\n\nconst event = new Webhook(secret).verify(rawBody, {\n  'webhook-id': headers['webhook-id'],\n  'webhook-timestamp': headers['webhook-timestamp'],\n  'webhook-signature': headers['webhook-signature'],\n});`}
        </pre>
        <p>The same event keeps its webhook-id on every attempt: drop one already seen.</p>
      </div>
      <DoneAction onDone={onDone} />
    </>
  );
}

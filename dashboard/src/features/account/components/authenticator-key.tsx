import { CopyButton } from '../../../components/copy-button.tsx';
import { inputClasses } from '../../../components/form/field.tsx';
import { QrCode } from './qr-code.tsx';

/** Groups of four, as authenticator apps show a key, so it can be typed without losing one's place. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The new key, as a QR code for the phone's camera and in text, whole on a line of its own, for typing it in. */
export function AuthenticatorKey({ secret, uri }: { secret: string; uri: string }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-6">
        <QrCode text={uri} label="QR code of the new key, for your authenticator app" />
        <div className="min-w-0 flex-1 basis-60 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
          <p>Scan the QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden).</p>
          <p>If you cannot scan it, add the key below by hand, as a time-based key.</p>
        </div>
      </div>
      <div className="flex max-w-xl items-center gap-2">
        <input aria-label="Key" readOnly value={grouped(secret)} onFocus={(event) => event.currentTarget.select()} spellCheck={false} className={`${inputClasses} font-mono`} />
        <CopyButton text={secret} label="Copy the key" />
      </div>
    </div>
  );
}

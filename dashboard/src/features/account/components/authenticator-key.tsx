import { CopyButton } from '../../../components/copy-button.tsx';
import { QrCode } from './qr-code.tsx';

/** Groups of four, as authenticator apps show a key, so it can be typed without losing one's place. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The new key, as a QR code for the phone's camera and in text for typing it in. */
export function AuthenticatorKey({ secret, uri }: { secret: string; uri: string }) {
  return (
    <div className="flex flex-wrap items-start gap-6">
      <QrCode text={uri} label="QR code of the new key, for your authenticator app" />
      <div className="min-w-0 flex-1 basis-60 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <p>Scan the QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden).</p>
        <p>If you cannot scan it, add the key by hand, as a time-based key:</p>
        <p className="flex flex-wrap items-center gap-2">
          <code aria-label="Key" className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
            {grouped(secret)}
          </code>
          <CopyButton text={secret} label="Copy the key" />
        </p>
      </div>
    </div>
  );
}

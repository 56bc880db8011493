import type { Mode } from '../config.ts';
import { refusal } from '../domain/refusal.ts';

/** Who the browser signs for: the console's origin, and its host name as the WebAuthn RP ID. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

const RP_NAME = 'Plat Console';

/**
 * The relying party is the console's public URL (PLAT_PUBLIC_URL). Without one, the sandbox takes the
 * origin the request came to, so `npm start` opened at http://localhost:8787 works as it is; a live
 * console needs its public URL set, since a request's Host header is no word of the operator's.
 */
export function relyingPartyFor(publicUrl: string | null, mode: Mode, requestUrl: string): RelyingParty {
  const base = publicUrl ?? (mode === 'sandbox' ? requestUrl : null);
  if (base === null) {
    throw refusal('conflict', 'passkeys_need_public_url', 'Passkeys need the console’s public URL: set PLAT_PUBLIC_URL to the address staff open the console at.');
  }
  const url = new URL(base);
  return { name: RP_NAME, id: url.hostname, origin: url.origin };
}

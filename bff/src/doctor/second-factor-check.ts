import type { Config } from '../config.ts';
import { note, ok, problem, type Finding } from './finding.ts';

const SUBJECT = 'Second factors';
const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * Authenticator apps' secrets are kept encrypted with PLAT_SECRETS_KEY; a passkey is bound to the
 * address staff use, PLAT_PUBLIC_URL, which browsers accept only over https (or on this machine).
 */
export function checkSecondFactors(config: Config): Finding {
  if (config.mode === 'live' && config.secretsKeys.current === null) {
    return problem(
      SUBJECT,
      'PLAT_SECRETS_KEY is not set: nobody can add an authenticator app or a webhook endpoint, and a console whose store already keeps such secrets will not start',
      'set PLAT_SECRETS_KEY to 32 random bytes in base64 (openssl rand -base64 32), kept apart from the store and its backups (README: "The secrets key")',
    );
  }
  const key = config.mode === 'live' ? 'authenticator secrets are sealed with PLAT_SECRETS_KEY' : 'authenticator secrets are sealed with the sandbox key';
  if (config.publicUrl === null) {
    if (config.mode === 'sandbox') return ok(SUBJECT, `${key}; passkeys use the sandbox address`);
    return note(SUBJECT, `${key}; PLAT_PUBLIC_URL is not set, so passkeys have no address of the console to be bound to`, 'set PLAT_PUBLIC_URL to the https address staff open the console at');
  }
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'https:' && !LOCAL.test(url.hostname)) {
    return problem(SUBJECT, `PLAT_PUBLIC_URL (${config.publicUrl}) is not https: browsers refuse passkeys there, and sessions need a secure address`, 'serve the console over https (a reverse proxy) and set PLAT_PUBLIC_URL to that address');
  }
  return ok(SUBJECT, `${key}; passkeys are bound to ${url.host} (PLAT_PUBLIC_URL)`);
}

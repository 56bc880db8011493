import { Refusal } from './refusal.ts';

/** A secret the console must keep (`what`, e.g. "Authenticator apps") cannot be kept: no key seals it. */
export function secretsKeyMissing(what: string): Refusal {
  return new Refusal({
    kind: 'conflict',
    code: 'secrets_key_missing',
    message: `${what} cannot be added yet: the console has no PLAT_SECRETS_KEY to keep their secrets encrypted. An administrator of the server must set it (see the README).`,
  });
}

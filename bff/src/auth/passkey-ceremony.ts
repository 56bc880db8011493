import { refusal, type Refusal, type RefusalKind } from '../domain/refusal.ts';
import type { ChallengeHolder, ChallengePurpose, PasskeyChallenges } from './passkey-challenges.ts';
import { readClientData } from './passkey-schemas.ts';
import type { RelyingParty } from './relying-party.ts';
import type { Executor } from '../store/executor.ts';

/** Why a passkey answer was refused, as the audit log records it. */
export type PasskeyFailureReason = 'malformed' | 'challenge' | 'wrong_origin' | 'unknown_passkey' | 'not_passwordless' | 'replayed' | 'not_verified';

export const PASSKEY_FAILURE_MESSAGES: Record<PasskeyFailureReason, string> = {
  malformed: 'The passkey’s answer could not be read; try again.',
  challenge: 'This passkey request has expired or was already answered; start again.',
  wrong_origin: 'The passkey’s answer was made for another site than this console, and was refused.',
  unknown_passkey: 'This passkey is not registered here for this account.',
  not_passwordless: 'This passkey is not set up to sign in without a password: sign in with your password, or turn that on for this passkey on your account page.',
  replayed: 'This passkey’s use counter did not move forward, as with a copied passkey or a replayed answer; it was refused.',
  not_verified: 'The passkey’s answer did not verify; try again.',
};

/** A refused passkey answer: the reason is for the audit log, the message for the person. */
export class PasskeyFailure extends Error {
  override readonly name = 'PasskeyFailure';

  constructor(
    readonly reason: PasskeyFailureReason,
    /** The passkey the answer named, when it is one of ours. */
    readonly passkeyId: string | null = null,
  ) {
    super(PASSKEY_FAILURE_MESSAGES[reason]);
  }

  toRefusal(kind: RefusalKind, code: string): Refusal {
    return refusal(kind, code, this.message, { reason: this.reason });
  }
}

/** The challenge an answer signed, and the relying party it was issued for: what the signature check expects. */
export interface OpenedCeremony {
  challenge: string;
  rp: Pick<RelyingParty, 'id' | 'origin'>;
}

/**
 * The first steps of checking any passkey answer, before its signature: it reads, it answers a
 * challenge this console handed to the same holder for the same purpose and not used yet (used up
 * now), and the browser made it on the origin that challenge was issued for.
 */
export async function checkClientData(
  clientDataJSON: string,
  expected: { purpose: ChallengePurpose; holder: ChallengeHolder },
  challenges: PasskeyChallenges,
  executor?: Executor,
): Promise<OpenedCeremony> {
  const clientData = readClientData(clientDataJSON);
  if (!clientData) throw new PasskeyFailure('malformed');
  const rp = await challenges.consume(clientData.challenge, expected.purpose, expected.holder, executor);
  if (!rp) throw new PasskeyFailure('challenge');
  if (clientData.origin !== rp.origin) throw new PasskeyFailure('wrong_origin');
  return { challenge: clientData.challenge, rp };
}

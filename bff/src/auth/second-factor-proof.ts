import type { Executor } from '../store/executor.ts';

/** The kinds of second factor a staff member may have; recovery codes stand in for the others when those are lost. */
export const SECOND_FACTOR_KINDS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/**
 * What a staff member offers as their second factor, one kind per verifier. A new kind adds its
 * member here, a field to `secondFactorProofSchema`, and its verifier where the others are registered
 * (`app/services.ts`).
 */
export type SecondFactorProof = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/** Why a proof was refused; audited, never shown with the proof itself. */
export type ProofRefusal = 'wrong' | 'reused' | 'malformed' | 'not_enrolled';

export type ProofCheck = { ok: true } | { ok: false; reason: ProofRefusal };

/** One kind of second factor: how a proof of it is checked, and what a staff member has of it. */
export interface SecondFactorVerifier<P extends SecondFactorProof = SecondFactorProof> {
  readonly kind: P['kind'];
  /** Whether having one counts as having a second factor (recovery codes do not: they only stand in). */
  readonly isFactor: boolean;
  /** Checks a proof; a good one is used up (a TOTP code's step, a recovery code) within `executor`'s transaction. */
  verify(staffId: string, proof: P, executor: Executor): Promise<ProofCheck>;
  /** How many usable ones each staff member has (an authenticator app: 0 or 1). */
  countsOf(staffIds: readonly string[], executor: Executor): Promise<Map<string, number>>;
  /** Removes all of a staff member's (an admin's reset). */
  removeAllOf(staffId: string, executor: Executor): Promise<void>;
}

/** A verifier of some kind of the union, typed to its own kind's proof. */
export type AnySecondFactorVerifier = { [K in SecondFactorProof['kind']]: SecondFactorVerifier<Extract<SecondFactorProof, { kind: K }>> }[SecondFactorProof['kind']];

/** How many of each kind a staff member has. */
export type FactorCounts = Record<SecondFactorKind, number>;

import type { Executor } from '../store/executor.ts';
import { SECOND_FACTOR_KINDS, type AnySecondFactorVerifier, type FactorCounts, type ProofCheck, type SecondFactorKind, type SecondFactorProof, type SecondFactorVerifier } from './second-factor-proof.ts';

/** What a staff member has enrolled, as the session and the staff list show it. */
export interface EnrolledFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export function enrolledFactors(counts: FactorCounts): EnrolledFactors {
  return { totp: counts.totp > 0, passkeys: counts.passkey, recoveryCodesLeft: counts.recovery };
}

const noFactors = (): FactorCounts => ({ totp: 0, recovery: 0, passkey: 0 });

/** The registered verifiers, one per kind: a proof goes to its kind's, and what a member has is read from all. */
export class SecondFactorVerifiers {
  private readonly byKind = new Map<SecondFactorKind, AnySecondFactorVerifier>();

  constructor(verifiers: readonly AnySecondFactorVerifier[]) {
    for (const verifier of verifiers) this.byKind.set(verifier.kind, verifier);
  }

  async verify(staffId: string, proof: SecondFactorProof, executor: Executor): Promise<ProofCheck> {
    // The map holds each verifier under its own kind, so the one found takes this proof.
    const verifier = this.byKind.get(proof.kind) as SecondFactorVerifier<typeof proof> | undefined;
    return verifier ? verifier.verify(staffId, proof, executor) : { ok: false, reason: 'not_enrolled' };
  }

  async countsOf(staffIds: readonly string[], executor: Executor): Promise<Map<string, FactorCounts>> {
    const counts = new Map(staffIds.map((id) => [id, noFactors()]));
    if (staffIds.length === 0) return counts;
    for (const verifier of this.byKind.values()) {
      for (const [staffId, n] of await verifier.countsOf(staffIds, executor)) {
        const entry = counts.get(staffId);
        if (entry) entry[verifier.kind] = n;
      }
    }
    return counts;
  }

  async countsOfOne(staffId: string, executor: Executor): Promise<FactorCounts> {
    return (await this.countsOf([staffId], executor)).get(staffId) ?? noFactors();
  }

  /** Whether these counts include a second factor (recovery codes alone do not). */
  hasFactor(counts: FactorCounts): boolean {
    return [...this.byKind.values()].some((verifier) => verifier.isFactor && counts[verifier.kind] > 0);
  }

  /** The kinds a staff member with these counts may offer, in the order of SECOND_FACTOR_KINDS. */
  usable(counts: FactorCounts): SecondFactorKind[] {
    return SECOND_FACTOR_KINDS.filter((kind) => this.byKind.has(kind) && counts[kind] > 0);
  }

  async removeAllOf(staffId: string, executor: Executor): Promise<void> {
    for (const verifier of this.byKind.values()) await verifier.removeAllOf(staffId, executor);
  }
}

import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../store/executor.ts';
import { passkeyChallenges, passkeys } from '../store/schema.ts';
import type { PasskeyAssertions } from './passkey-assertions.ts';
import { PasskeyFailure } from './passkey-ceremony.ts';
import type { ProofCheck, ProofContext, SecondFactorProof, SecondFactorVerifier } from './second-factor-proof.ts';

type PasskeyProof = Extract<SecondFactorProof, { kind: 'passkey' }>;

/**
 * Passkeys as a second factor: a proof is a passkey's answer to the challenge this session was given
 * (POST /api/session/passkey-options), signed by one of its member's passkeys.
 */
export class PasskeyFactor implements SecondFactorVerifier<PasskeyProof> {
  readonly kind = 'passkey';
  readonly isFactor = true;

  constructor(private readonly assertions: PasskeyAssertions) {}

  async verify(staffId: string, proof: PasskeyProof, executor: Executor, context: ProofContext): Promise<ProofCheck> {
    try {
      await this.assertions.verifySecondFactor({ staffId, sessionHash: context.sessionHash }, proof.response, executor);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof PasskeyFailure)) throw error;
      return { ok: false, reason: error.reason, message: error.message };
    }
  }

  async countsOf(staffIds: readonly string[], executor: Executor): Promise<Map<string, number>> {
    const rows = await executor
      .select({ staffId: passkeys.staffId, n: count() })
      .from(passkeys)
      .where(inArray(passkeys.staffId, [...staffIds]))
      .groupBy(passkeys.staffId);
    return new Map(rows.map((row) => [row.staffId, row.n]));
  }

  /** Removes every passkey of the member, and the challenges handed out to them. */
  async removeAllOf(staffId: string, executor: Executor): Promise<void> {
    await executor.delete(passkeys).where(eq(passkeys.staffId, staffId));
    await executor.delete(passkeyChallenges).where(eq(passkeyChallenges.staffId, staffId));
  }
}

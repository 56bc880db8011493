import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { Secret } from 'otpauth';
import type { Clock } from '../clock.ts';
import type { Executor } from '../store/executor.ts';
import { recoveryCodes } from '../store/schema.ts';
import type { ProofCheck, SecondFactorVerifier } from './second-factor-proof.ts';
import { hashToken } from './tokens.ts';

export const RECOVERY_CODE_COUNT = 10;
/** 80 random bits a code, so that its unsalted hash cannot be searched for. */
const CODE_BYTES = 10;
const CODE = /^[a-z2-7]{16}$/;

type RecoveryProof = { kind: 'recovery'; code: string };

/** A code as typed: case, spaces and the dashes between its groups do not matter; null when it cannot be one. */
function recoveryCodeOf(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]+/g, '');
  return CODE.test(code) ? code : null;
}

/** Shown as four groups of four: `abcd-efgh-ijkl-mnop`. */
function newRecoveryCode(): string {
  const code = new Secret({ size: CODE_BYTES }).base32.toLowerCase();
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** Recovery codes: shown once when made, kept only as hashes, each good for one sign-in or step-up. */
export class RecoveryCodes implements SecondFactorVerifier<RecoveryProof> {
  readonly kind = 'recovery';
  readonly isFactor = false;

  constructor(private readonly clock: Clock) {}

  /** A fresh set in place of any earlier one; the codes themselves are in this answer and nowhere else. */
  async replace(staffId: string, executor: Executor): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const createdAt = this.clock.now();
    await this.removeAllOf(staffId, executor);
    await executor.insert(recoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashToken(recoveryCodeOf(code) ?? code), createdAt })));
    return codes;
  }

  async verify(staffId: string, proof: RecoveryProof, executor: Executor): Promise<ProofCheck> {
    const code = recoveryCodeOf(proof.code);
    if (!code) return { ok: false, reason: 'malformed' };
    const codeHash = hashToken(code);
    const used = await executor
      .update(recoveryCodes)
      .set({ usedAt: this.clock.now() })
      .where(and(eq(recoveryCodes.staffId, staffId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ staffId: recoveryCodes.staffId });
    if (used.length > 0) return { ok: true };
    const [spent] = await executor.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(and(eq(recoveryCodes.staffId, staffId), eq(recoveryCodes.codeHash, codeHash)));
    return { ok: false, reason: spent ? 'reused' : 'wrong' };
  }

  async countsOf(staffIds: readonly string[], executor: Executor): Promise<Map<string, number>> {
    const rows = await executor
      .select({ staffId: recoveryCodes.staffId, n: count() })
      .from(recoveryCodes)
      .where(and(inArray(recoveryCodes.staffId, [...staffIds]), isNull(recoveryCodes.usedAt)))
      .groupBy(recoveryCodes.staffId);
    return new Map(rows.map((row) => [row.staffId, row.n]));
  }

  async removeAllOf(staffId: string, executor: Executor): Promise<void> {
    await executor.delete(recoveryCodes).where(eq(recoveryCodes.staffId, staffId));
  }
}

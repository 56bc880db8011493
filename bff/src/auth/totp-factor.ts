import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { secretsKeyMissing } from '../domain/secrets-key-missing.ts';
import type { SecretSealer } from '../secret-sealer.ts';
import type { Executor } from '../store/executor.ts';
import { staffTotp } from '../store/schema.ts';
import type { ProofCheck, SecondFactorVerifier } from './second-factor-proof.ts';
import { newTotpSecret, totpCodeOf, totpStepOf, totpUri } from './totp.ts';

type TotpProof = { kind: 'totp'; code: string };

/**
 * A staff member's authenticator app: enrolled in two steps (a secret, then a first code that
 * confirms it), and each code's step used once, so a code seen over a shoulder or in a log cannot be
 * used again even within its 90 seconds.
 */
export class TotpFactor implements SecondFactorVerifier<TotpProof> {
  readonly kind = 'totp';
  readonly isFactor = true;

  constructor(
    private readonly clock: Clock,
    private readonly sealer: SecretSealer,
  ) {}

  /** A new secret awaiting its first code, in place of any earlier one awaiting it; null when an app is confirmed already. */
  async start(staffId: string, account: string, executor: Executor): Promise<{ secret: string; uri: string } | null> {
    if (!this.sealer.canSeal) {
      throw secretsKeyMissing('Authenticator apps');
    }
    const secret = newTotpSecret();
    const sealed = this.sealer.seal(secret);
    const now = this.clock.now();
    const stored = await executor
      .insert(staffTotp)
      .values({ staffId, secret: sealed, createdAt: now })
      .onConflictDoUpdate({ target: staffTotp.staffId, set: { secret: sealed, createdAt: now, lastUsedStep: null }, setWhere: isNull(staffTotp.confirmedAt) })
      .returning({ staffId: staffTotp.staffId });
    return stored.length > 0 ? { secret, uri: totpUri(secret, account) } : null;
  }

  /** Confirms the secret awaiting its first code with that code; the code's step counts as used. */
  async confirm(staffId: string, typed: string, executor: Executor): Promise<ProofCheck> {
    const [row] = await executor.select().from(staffTotp).where(and(eq(staffTotp.staffId, staffId), isNull(staffTotp.confirmedAt)));
    if (!row) return { ok: false, reason: 'not_enrolled' };
    const code = totpCodeOf(typed);
    if (!code) return { ok: false, reason: 'malformed' };
    const step = totpStepOf(this.sealer.open(row.secret), code, this.clock.now());
    if (step === null) return { ok: false, reason: 'wrong' };
    await executor.update(staffTotp).set({ confirmedAt: this.clock.now(), lastUsedStep: step }).where(eq(staffTotp.staffId, staffId));
    return { ok: true };
  }

  async verify(staffId: string, proof: TotpProof, executor: Executor): Promise<ProofCheck> {
    const [row] = await executor.select().from(staffTotp).where(and(eq(staffTotp.staffId, staffId), isNotNull(staffTotp.confirmedAt)));
    if (!row) return { ok: false, reason: 'not_enrolled' };
    const code = totpCodeOf(proof.code);
    if (!code) return { ok: false, reason: 'malformed' };
    const step = totpStepOf(this.sealer.open(row.secret), code, this.clock.now());
    if (step === null) return { ok: false, reason: 'wrong' };
    // One conditional write takes the step, so two requests with the same code cannot both pass.
    const taken = await executor
      .update(staffTotp)
      .set({ lastUsedStep: step })
      .where(and(eq(staffTotp.staffId, staffId), or(isNull(staffTotp.lastUsedStep), lt(staffTotp.lastUsedStep, step))))
      .returning({ staffId: staffTotp.staffId });
    return taken.length > 0 ? { ok: true } : { ok: false, reason: 'reused' };
  }

  async countsOf(staffIds: readonly string[], executor: Executor): Promise<Map<string, number>> {
    const rows = await executor
      .select({ staffId: staffTotp.staffId, n: count() })
      .from(staffTotp)
      .where(and(inArray(staffTotp.staffId, [...staffIds]), isNotNull(staffTotp.confirmedAt)))
      .groupBy(staffTotp.staffId);
    return new Map(rows.map((row) => [row.staffId, row.n]));
  }

  /** Removes the app, confirmed or awaiting its first code. */
  async removeAllOf(staffId: string, executor: Executor): Promise<void> {
    await executor.delete(staffTotp).where(eq(staffTotp.staffId, staffId));
  }
}

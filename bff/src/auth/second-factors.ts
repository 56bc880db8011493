import { eq } from 'drizzle-orm';
import type { AuditAction } from '../audit/audit-action.ts';
import type { RequestOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { staff } from '../store/schema.ts';
import type { ProofRefusal, SecondFactorKind, SecondFactorProof } from './second-factor-proof.ts';
import type { PolicyMember, SecondFactorPolicy } from './second-factor-policy.ts';
import { enrolledFactors, type EnrolledFactors, type SecondFactorVerifiers } from './second-factor-verifiers.ts';
import type { ActiveSession, NewSessionFactor, SessionFactorState, SessionSecondFactor, Sessions } from './sessions.ts';
import { throttledRefusal, type SignInThrottle } from './sign-in-throttle.ts';
import type { StepUpCheck } from './step-up-check.ts';

/** What GET /api/session says of the second factor. */
export interface SecondFactorStatus {
  state: SessionFactorState;
  enrolled: EnrolledFactors;
  required: boolean;
  /** When the grace to enrol ends, while one is required and none is enrolled. */
  enrolBy: string | null;
  mustEnrol: boolean;
  stepUpUntil: string | null;
}

/** How a sign-in with the right password goes on: a second factor awaited, or a session as the policy stands. */
export type SignInFactor = { pending: true; methods: SecondFactorKind[] } | { pending: false; session: NewSessionFactor };

const REFUSED: Record<ProofRefusal, string> = {
  wrong: 'The code is wrong or has expired; enter the one your app shows now.',
  reused: 'This code was used already; wait for the next one.',
  malformed: 'A code is the 6 digits your authenticator app shows, or one of your recovery codes.',
  not_enrolled: 'You have none of this kind of second factor; use another.',
};

export interface SecondFactorsDeps {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  sessions: Sessions;
  throttle: SignInThrottle;
  verifiers: SecondFactorVerifiers;
  policy: SecondFactorPolicy;
}

/** Second factors at sign-in and before money moves: what a session needs, checking a proof, step-up. */
export class SecondFactors implements StepUpCheck {
  constructor(private readonly deps: SecondFactorsDeps) {}

  /** What a staff member who gave the right password gets: a wait for their second factor when they have one. */
  async atSignIn(member: PolicyMember & { id: string }, executor: Executor): Promise<SignInFactor> {
    const { verifiers, policy } = this.deps;
    const counts = await verifiers.countsOfOne(member.id, executor);
    if (verifiers.hasFactor(counts)) return { pending: true, methods: verifiers.usable(counts) };
    const { enrolBy } = policy.requirementOf(await policy.get(executor), member, false);
    return { pending: false, session: { state: 'none', enrolBy } };
  }

  async statusOf(staffId: string, session: Pick<SessionSecondFactor, 'state' | 'checkedAt'>): Promise<SecondFactorStatus> {
    const { db, verifiers, policy, clock } = this.deps;
    const [member] = await db.select({ role: staff.role, createdAt: staff.createdAt, sandboxDemo: staff.sandboxDemo }).from(staff).where(eq(staff.id, staffId));
    const counts = await verifiers.countsOfOne(staffId, db);
    const hasFactor = verifiers.hasFactor(counts);
    const current = await policy.get();
    const { required, enrolBy } = member ? policy.requirementOf(current, member, hasFactor) : { required: false, enrolBy: null };
    const stepUpUntil = hasFactor && session.checkedAt ? new Date(session.checkedAt.getTime() + current.stepUpMinutes * 60_000) : null;
    return {
      state: session.state,
      enrolled: enrolledFactors(counts),
      required,
      enrolBy: enrolBy?.toISOString() ?? null,
      mustEnrol: enrolBy !== null && clock.now() >= enrolBy,
      stepUpUntil: stepUpUntil?.toISOString() ?? null,
    };
  }

  async needsStepUp(staffId: string, checkedAt: Date | null): Promise<boolean> {
    const { stepUpMinutes } = await this.deps.policy.get();
    if (checkedAt && this.deps.clock.now().getTime() < checkedAt.getTime() + stepUpMinutes * 60_000) return false;
    const { verifiers, db } = this.deps;
    return verifiers.hasFactor(await verifiers.countsOfOne(staffId, db));
  }

  /** The second step of signing in: the pending session becomes a full one, answered as it is now. */
  async completeSignIn(member: SignedInStaff, session: Omit<ActiveSession, 'staff'>, proof: SecondFactorProof, origin: RequestOrigin): Promise<ActiveSession> {
    if (session.secondFactor.state !== 'pending') {
      throw refusal('conflict', 'second_factor_not_pending', 'This session is signed in already; to confirm it is you before a payment, use POST /api/session/step-up.');
    }
    await this.check('session.second_factor', member, proof, origin, (tx) => this.deps.sessions.recordFactorChecked(session.idHash, tx));
    const completed = await this.deps.sessions.reread(session.idHash);
    if (!completed) throw refusal('unauthenticated', 'signed_out', 'The session ended; sign in again.');
    return completed;
  }

  /** A fresh check for what moves money: answers until when it holds. */
  async stepUp(member: SignedInStaff, sessionHash: string, proof: SecondFactorProof, origin: RequestOrigin): Promise<{ stepUpUntil: string }> {
    await this.check('session.step_up', member, proof, origin, (tx) => this.deps.sessions.recordFactorChecked(sessionHash, tx));
    const { stepUpMinutes } = await this.deps.policy.get();
    return { stepUpUntil: new Date(this.deps.clock.now().getTime() + stepUpMinutes * 60_000).toISOString() };
  }

  /**
   * Checks a proof under the sign-in throttle (a wrong code counts as a wrong password does), and on
   * success commits `onPass` with its audit row. Every failure is audited with its reason, never the proof.
   */
  private async check<T>(action: AuditAction, member: SignedInStaff, proof: SecondFactorProof, origin: RequestOrigin, onPass: (tx: Transaction) => Promise<T>): Promise<T> {
    const { db, audit, throttle, verifiers } = this.deps;
    const entry = { ...origin, action, target: `staff:${member.id}` };
    const waitMs = await throttle.waitFor(member.email, origin.clientIp);
    if (waitMs > 0) {
      await audit.append({ ...entry, outcome: 'denied', details: { method: proof.kind, reason: 'throttled' } });
      throw throttledRefusal(waitMs);
    }
    const checked = await db.transaction(async (tx) => {
      const result = await verifiers.verify(member.id, proof, tx);
      if (!result.ok) return result;
      const passed = await onPass(tx);
      await audit.append({ ...entry, outcome: 'ok', details: { method: proof.kind } }, tx);
      return { ok: true as const, passed };
    });
    if (!checked.ok) {
      await throttle.recordFailure(member.email, origin.clientIp);
      await audit.append({ ...entry, outcome: 'failed', details: { method: proof.kind, reason: checked.reason } });
      throw refusal('unauthenticated', 'invalid_second_factor', REFUSED[checked.reason]);
    }
    await throttle.recordSuccess(member.email);
    return checked.passed;
  }
}

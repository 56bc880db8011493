import { z } from 'zod';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AuditedSetting } from '../audit/audited-setting.ts';
import type { Clock } from '../clock.ts';
import type { Mode } from '../config.ts';
import { ROLES, type Role } from '../domain/roles.ts';
import type { Database } from '../store/database.ts';
import type { Executor } from '../store/executor.ts';

const DAY_MS = 24 * 60 * 60_000;

/** What an admin sets: which roles must have a second factor, how long members have to enrol, the sandbox's demo accounts, how fresh a check money needs. */
export const secondFactorPolicyInputSchema = z.strictObject({
  requiredRoles: z.array(z.enum(ROLES)).max(ROLES.length).refine((roles) => new Set(roles).size === roles.length, 'names a role twice'),
  graceDays: z.number().int('must be a whole number of days').min(0).max(90),
  sandboxExempt: z.boolean(),
  stepUpMinutes: z.number().int('must be a whole number of minutes').min(1).max(60),
});

export type SecondFactorPolicyInput = z.output<typeof secondFactorPolicyInputSchema>;

/** The policy as kept: `requiredSince` is when the required roles last grew, where a member's grace starts at the earliest. */
const storedPolicySchema = secondFactorPolicyInputSchema.extend({ requiredSince: z.iso.datetime() });

export type SecondFactorPolicyView = z.output<typeof storedPolicySchema>;

/** The defaults, which migration 0024 stores as in force from the migration on: every role, 7 days, demo accounts exempt, 5 minutes. */
const DEFAULT_POLICY: SecondFactorPolicyView = {
  requiredRoles: [...ROLES],
  graceDays: 7,
  sandboxExempt: true,
  stepUpMinutes: 5,
  requiredSince: new Date(0).toISOString(),
};

/** Who the policy is asked about. */
export interface PolicyMember {
  role: Role;
  createdAt: Date;
  sandboxDemo: boolean;
}

export interface Requirement {
  /** The policy wants this member to have a second factor. */
  required: boolean;
  /** When the grace to enrol one ends; null when one is not required or is enrolled. */
  enrolBy: Date | null;
}

/** The admins' second-factor policy: read with its defaults, changed with an audit row of before and after. */
export class SecondFactorPolicy {
  private readonly setting: AuditedSetting<SecondFactorPolicyView>;

  constructor(private readonly deps: { db: Database; audit: AuditLog; clock: Clock; mode: Mode }) {
    this.setting = new AuditedSetting(deps, 'second_factor', storedPolicySchema, DEFAULT_POLICY);
  }

  get(executor?: Executor): Promise<SecondFactorPolicyView> {
    return this.setting.get(executor);
  }

  /** A role newly required gives its members a fresh grace, from now. */
  async set(input: SecondFactorPolicyInput, origin: AuditOrigin): Promise<SecondFactorPolicyView> {
    const current = await this.get();
    const grown = input.requiredRoles.some((role) => !current.requiredRoles.includes(role));
    return this.setting.set({ ...input, requiredSince: grown ? this.deps.clock.now().toISOString() : current.requiredSince }, origin);
  }

  /** What the policy asks of a member, given whether they have a second factor. */
  requirementOf(policy: SecondFactorPolicyView, member: PolicyMember, hasFactor: boolean): Requirement {
    const exempt = policy.sandboxExempt && member.sandboxDemo && this.deps.mode === 'sandbox';
    const required = policy.requiredRoles.includes(member.role) && !exempt;
    if (!required || hasFactor) return { required, enrolBy: null };
    const graceFrom = Math.max(Date.parse(policy.requiredSince), member.createdAt.getTime());
    return { required, enrolBy: new Date(graceFrom + policy.graceDays * DAY_MS) };
  }
}

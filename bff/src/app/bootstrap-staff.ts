import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Mode } from '../config.ts';
import { ROLES } from '../domain/roles.ts';
import type { Services } from './services.ts';
import { staff } from '../store/schema.ts';

export interface BootstrapOptions {
  mode: Mode;
  adminEmail: string | null;
  adminPassword: string | null;
  sandboxPassword: string | null;
}

export interface BootstrapReport {
  sandbox: { emails: string[]; password: string; generated: boolean } | null;
  adminCreated: string | null;
  /** Path of the one-time first-admin link, when live mode starts with no staff. */
  firstAdminSetupPath: string | null;
}

const system = { actor: null, clientIp: null, requestId: null } as const;

export function sandboxEmail(role: (typeof ROLES)[number]): string {
  return `${role}@sandbox.local`;
}

/** Makes sure somebody can sign in: demo staff in sandbox mode, else the configured or a to-be-set-up first admin. */
export async function bootstrapStaff(services: Services, options: BootstrapOptions): Promise<BootstrapReport> {
  const { db, audit } = services;
  const report: BootstrapReport = { sandbox: null, adminCreated: null, firstAdminSetupPath: null };

  if (options.mode === 'sandbox') {
    const generated = options.sandboxPassword === null;
    const password = options.sandboxPassword ?? randomBytes(12).toString('base64url');
    // The four demo accounts share their password, so one hash serves them all and start stays fast.
    const passwordHash = await services.passwords.hash(password);
    await db.transaction(async (tx) => {
      for (const role of ROLES) {
        const email = sandboxEmail(role);
        const name = `Sandbox ${role[0]?.toUpperCase()}${role.slice(1)}`;
        await tx
          .insert(staff)
          .values({ email, name, role, passwordHash, sandboxDemo: true })
          .onConflictDoUpdate({ target: staff.email, set: { passwordHash, role, disabledAt: null, sandboxDemo: true } });
      }
      await audit.append({ ...system, action: 'staff.bootstrap', target: null, outcome: 'ok', details: { sandbox: true, roles: [...ROLES] } }, tx);
    });
    report.sandbox = { emails: ROLES.map(sandboxEmail), password, generated };
  }

  if (options.adminEmail && options.adminPassword) {
    const email = options.adminEmail;
    const passwordHash = await services.passwords.hash(options.adminPassword);
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
      if (existing) return;
      const [created] = await tx.insert(staff).values({ email, name: 'Administrator', role: 'admin', passwordHash }).returning({ id: staff.id });
      await audit.append({ ...system, action: 'staff.bootstrap', target: `staff:${created?.id}`, outcome: 'ok', details: { firstAdmin: email } }, tx);
      report.adminCreated = email;
    });
  }

  const [staffCount] = await db.select({ value: count() }).from(staff);
  if (options.mode === 'live' && (staffCount?.value ?? 0) === 0) {
    report.firstAdminSetupPath = await services.firstAdminLink.create(db);
  }
  return report;
}

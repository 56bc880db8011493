import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { Mode } from '../config.ts';
import { refusal } from '../domain/refusal.ts';
import type { Database } from '../store/database.ts';
import type { Transaction } from '../store/executor.ts';
import { apiKeys, staff, type ApiKeyLimits } from '../store/schema.ts';
import type { ApiKeyCaller } from './api-key-caller.ts';
import type { NewApiKey } from './api-key-input.ts';
import { ipAllowed } from './ip-allow-list.ts';
import { SCOPES, type Scope } from './permissions.ts';
import { hashToken, newToken } from './tokens.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface ApiKeyView {
  id: string;
  name: string;
  /** The secret's prefix and last characters: enough to tell keys apart, never to use one. */
  hint: string;
  scopes: Scope[];
  allowedIps: string[] | null;
  limits: ApiKeyLimits;
  expiresAt: string | null;
  createdAt: string;
  createdBy: { id: string; email: string; name: string } | null;
  rolledAt: string | null;
  /** Until when the secret before the last roll still works; null when it no longer does. */
  previousValidUntil: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  status: 'active' | 'expired' | 'revoked';
}

/** Why a secret was not accepted, in words that never say whether such a key exists. */
export type ApiKeyRefusal = { reason: 'invalid' } | { reason: 'ip_not_allowed'; ip: string | null };

/** A use is recorded at most this often per key and address, so that a busy key does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;

const SCOPE_SET: ReadonlySet<string> = new Set(SCOPES);

function secretPrefix(mode: Mode): string {
  return `plat_sk_${mode}_`;
}

function newSecret(mode: Mode): { secret: string; hint: string } {
  const random = newToken();
  return { secret: `${secretPrefix(mode)}${random}`, hint: `${secretPrefix(mode)}…${random.slice(-4)}` };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The app backend's credentials: created by admins with scopes, an optional expiry, IP allow-list and
 * limits; shown once; kept as a hash. Rolling one gives a new secret at once and lets the old one work
 * for an overlap. The old ingest tokens are keys with the `ingest` scope.
 */
export class ApiKeys {
  constructor(private readonly deps: { db: Database; clock: Clock; audit: AuditLog; mode: Mode }) {}

  list(): Promise<ApiKeyView[]> {
    return this.views();
  }

  /** The keys `where` picks (all without it), newest first, with who created each. */
  private async views(where?: SQL): Promise<ApiKeyView[]> {
    const rows = await this.deps.db
      .select({ key: apiKeys, creator: { id: staff.id, email: staff.email, name: staff.name } })
      .from(apiKeys)
      .leftJoin(staff, eq(staff.id, apiKeys.createdBy))
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return rows.map(({ key, creator }) => this.view(key, creator));
  }

  async create(input: NewApiKey, origin: AuditOrigin): Promise<{ secret: string; apiKey: ApiKeyView }> {
    const { db, clock, audit } = this.deps;
    if (input.expiresAt && new Date(input.expiresAt) <= clock.now()) {
      throw refusal('invalid_input', 'invalid_input', 'expiresAt: must be in the future', { field: 'expiresAt' });
    }
    const { secret, hint } = newSecret(this.deps.mode);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          name: input.name,
          secretHash: hashToken(secret),
          secretHint: hint,
          scopes: input.scopes,
          allowedIps: input.allowedIps ?? null,
          limits: input.limits ?? null,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          createdBy: origin.actor?.id ?? null,
          createdAt: clock.now(),
        })
        .returning({ id: apiKeys.id });
      if (!row) throw new Error('insert returned no row');
      await audit.append({ ...origin, action: 'api_key.create', target: `api_key:${row.id}`, outcome: 'ok', details: { name: input.name, scopes: input.scopes, expiresAt: input.expiresAt ?? null, allowedIps: input.allowedIps ?? null, limits: input.limits ?? null } }, tx);
      return row.id;
    });
    return { secret, apiKey: await this.get(id) };
  }

  /** A new secret that works at once; the old one keeps working for `overlapHours`, then stops. */
  async roll(id: string, overlapHours: number, origin: AuditOrigin): Promise<{ secret: string; apiKey: ApiKeyView }> {
    const { db, clock, audit } = this.deps;
    const { secret, hint } = newSecret(this.deps.mode);
    const now = clock.now();
    const previousValidUntil = new Date(now.getTime() + overlapHours * 3_600_000);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(apiKeys)
        .set({ previousSecretHash: sql`${apiKeys.secretHash}`, previousValidUntil, secretHash: hashToken(secret), secretHint: hint, rolledAt: now })
        .where(and(eq(apiKeys.id, id), this.usable(now)))
        .returning({ id: apiKeys.id });
      if (!row) throw this.notFound();
      await audit.append({ ...origin, action: 'api_key.roll', target: `api_key:${id}`, outcome: 'ok', details: { overlapHours, previousValidUntil: previousValidUntil.toISOString() } }, tx);
    });
    return { secret, apiKey: await this.get(id) };
  }

  async revoke(id: string, origin: AuditOrigin): Promise<ApiKeyView> {
    const { db, clock, audit } = this.deps;
    await db.transaction(async (tx) => {
      const [row] = await tx.update(apiKeys).set({ revokedAt: clock.now() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning({ id: apiKeys.id });
      if (!row) throw this.notFound();
      await audit.append({ ...origin, action: 'api_key.revoke', target: `api_key:${id}`, outcome: 'ok' }, tx);
    });
    return this.get(id);
  }

  /** The key a secret belongs to, when it is live and used from an allowed address; records the use. */
  async authenticate(secret: string, ip: string | null): Promise<ApiKeyCaller | ApiKeyRefusal> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const hash = hashToken(secret);
    const [found] = await db
      .select({ key: apiKeys, creatorEmail: staff.email })
      .from(apiKeys)
      .leftJoin(staff, eq(staff.id, apiKeys.createdBy))
      .where(and(or(eq(apiKeys.secretHash, hash), and(eq(apiKeys.previousSecretHash, hash), gt(apiKeys.previousValidUntil, now))), this.usable(now)))
      .limit(1);
    const key = found?.key;
    if (!key || !(sameHash(key.secretHash, hash) || (key.previousSecretHash !== null && sameHash(key.previousSecretHash, hash)))) return { reason: 'invalid' };
    if (key.allowedIps && !ipAllowed(key.allowedIps, ip)) return { reason: 'ip_not_allowed', ip };
    await this.recordUse(key, ip, now);
    return { id: key.id, name: key.name, scopes: key.scopes.filter((scope): scope is Scope => SCOPE_SET.has(scope)), createdBy: found.creatorEmail ?? null, limits: key.limits ?? {} };
  }

  /** The key `requester` names when it is live, read in the caller's transaction; null when it is no key or no longer live. */
  async liveKey(tx: Transaction, requester: string): Promise<{ name: string; scopes: string[]; limits: ApiKeyLimits } | null> {
    const [key] = await tx
      .select({ name: apiKeys.name, scopes: apiKeys.scopes, limits: apiKeys.limits })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, requester), this.usable(this.deps.clock.now())));
    return key ? { name: key.name, scopes: key.scopes, limits: key.limits ?? {} } : null;
  }

  private async recordUse(key: ApiKeyRow, ip: string | null, now: Date): Promise<void> {
    const recent = key.lastUsedAt !== null && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_EVERY_MS && key.lastUsedIp === ip;
    if (recent) return;
    await this.deps.db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, key.id));
  }

  private usable(now: Date): SQL {
    return and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))) as SQL;
  }

  private async get(id: string): Promise<ApiKeyView> {
    const [view] = await this.views(eq(apiKeys.id, id));
    if (!view) throw this.notFound();
    return view;
  }

  private notFound() {
    return refusal('not_found', 'api_key_not_found', 'No active API key with this id.');
  }

  private view(row: ApiKeyRow, creator: { id: string; email: string; name: string } | null): ApiKeyView {
    const now = this.deps.clock.now();
    const status = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
    const overlapLive = row.previousValidUntil !== null && row.previousValidUntil > now && status === 'active';
    return {
      id: row.id,
      name: row.name,
      hint: row.secretHint,
      scopes: row.scopes.filter((scope): scope is Scope => SCOPE_SET.has(scope)),
      allowedIps: row.allowedIps,
      limits: row.limits ?? {},
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      createdBy: creator,
      rolledAt: row.rolledAt?.toISOString() ?? null,
      previousValidUntil: overlapLive ? (row.previousValidUntil?.toISOString() ?? null) : null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      lastUsedIp: row.lastUsedIp,
      status,
    };
  }
}

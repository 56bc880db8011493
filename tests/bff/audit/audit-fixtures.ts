import type { AuditEntry } from '../../../bff/src/audit/audit-entry.ts';
import { hashAuditRow } from '../../../bff/src/audit/audit-hash.ts';
import { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import { toAuditRowContent } from '../../../bff/src/audit/audit-row.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { TestClock } from '../support/test-clock.ts';

export const ADMIN = { id: '5d1c0a56-3f0e-4e43-9a53-1b2c3d4e5f60', email: 'admin@sandbox.local', role: 'admin' } as const;
export const SUPPORT = { id: '7e2d1b67-4a1f-4f54-8b64-2c3d4e5f6071', email: 'support@sandbox.local', role: 'support' } as const;

export function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    actor: ADMIN,
    clientIp: '203.0.113.7',
    requestId: 'req-1',
    action: 'payment.cancel',
    target: 'payment:pay_1',
    outcome: 'ok',
    ...overrides,
  };
}

export function auditLogOn(store: Store): { audit: AuditLog; clock: TestClock } {
  const clock = new TestClock();
  return { audit: new AuditLog(store.db, clock), clock };
}

/** Appends `count` events one after another, each a second after the one before. */
export async function appendMany(audit: AuditLog, clock: TestClock, count: number, make = (i: number) => entry({ target: `payment:pay_${i}` })): Promise<void> {
  for (let i = 1; i <= count; i++) {
    await audit.append(make(i));
    clock.advance(1_000);
  }
}

/** What an attacker with SQL access does: switch the append-only triggers off, edit, switch them on. */
export function tamper(store: Store, sql: string): Promise<void> {
  return store.sql.exec(`ALTER TABLE audit_events DISABLE TRIGGER USER; ${sql}; ALTER TABLE audit_events ENABLE TRIGGER USER;`);
}

/** The time appendMany gives row `id`. */
export function appendedAt(id: number): Date {
  return new Date(new TestClock().now().getTime() + (id - 1) * 1_000);
}

function forged(id: number, prevHash: string, changes: Partial<AuditEntry>) {
  const content = toAuditRowContent(entry({ target: `payment:pay_${id}`, ...changes }), { id, at: appendedAt(id), prevHash });
  return { content, hash: hashAuditRow(content) };
}

/** The hash an attacker who knows the format gives row `id` after changing it. */
export function forgedHash(id: number, prevHash: string, changes: Partial<AuditEntry> = {}): string {
  return forged(id, prevHash, changes).hash;
}

/** SQL inserting a row made the way the console makes them, with a valid hash. */
export function forgedInsert(id: number, prevHash: string, changes: Partial<AuditEntry> = {}): string {
  const { content, hash } = forged(id, prevHash, changes);
  return `INSERT INTO audit_events (id, at, actor_id, actor_email, actor_role, client_ip, request_id, action, target, outcome, prev_hash, hash)
    VALUES (${id}, '${appendedAt(id).toISOString()}', '${content.actorId}', '${content.actorEmail}', '${content.actorRole}', '${content.clientIp}',
      '${content.requestId}', '${content.action}', '${content.target}', '${content.outcome}', '${prevHash}', '${hash}')`;
}

/** Back to an empty log; opening a store per test would cost more than the test. */
export function resetAuditLog(store: Store): Promise<void> {
  return tamper(store, `TRUNCATE audit_events; UPDATE audit_head SET last_id = 0, last_hash = repeat('0', 64); DELETE FROM settings`);
}

export interface StoredRow {
  id: number;
  prev_hash: string;
  hash: string;
}

export async function storedRows(store: Store): Promise<StoredRow[]> {
  const rows = await store.sql.rows<StoredRow & { id: number | string }>('SELECT id, prev_hash, hash FROM audit_events ORDER BY id');
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../bff/src/audit/audit-entry.ts';
import type { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import type { AuditFilters } from '../../../bff/src/audit/audit-query.ts';
import { Refusal } from '../../../bff/src/domain/refusal.ts';
import { ApiError } from '../../../bff/src/http/api-error.ts';
import { apiErrorFromRefusal } from '../../../bff/src/http/refusal-response.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { openTestStore, storeKinds } from '../../support/test-store.ts';
import type { TestClock } from '../support/test-clock.ts';
import { ADMIN, appendedAt, appendMany, auditLogOn, entry, resetAuditLog, SUPPORT } from './audit-fixtures.ts';

const OPS_LEAD = { id: '9f3e2c78-5b2a-4065-9c75-3d4e5f607182', email: 'ops_lead@sandbox.local', role: 'ops' } as const;
const OPSX_LEAD = { id: 'a04f3d89-6c3b-4176-8d86-4e5f60718293', email: 'opsxlead@sandbox.local', role: 'ops' } as const;

// Row n is appended at appendedAt(n).
const SEED: AuditEntry[] = [
  entry({ action: 'session.sign_in', target: null }),
  entry({ actor: SUPPORT, action: 'session.sign_in', target: null }),
  entry({ actor: null, action: 'session.change_password', target: 'account:someone@example.com', outcome: 'refused' }),
  entry({ actor: SUPPORT, action: 'access.denied', target: 'GET /api/staff', outcome: 'denied' }),
  entry({ action: 'payment.cancel', target: 'payment:pay_A1' }),
  entry({ action: 'payment.complete', target: 'payment:pay_B2', outcome: 'failed', upstream: { status: 502, code: 'upstream_error' } }),
  entry({ action: 'payments.export', target: null }),
  entry({ actor: OPS_LEAD, action: 'incomplete.clear', target: 'payment:payXC3' }),
  entry({ actor: OPSX_LEAD, action: 'settings.wallet', target: 'setting:fee 100%' }),
];

describe.each(storeKinds)('querying the audit log (%s)', (kind) => {
  let store: Store;
  let audit: AuditLog;
  let clock: TestClock;

  const ids = async (filters: AuditFilters) => (await audit.query(filters, { limit: 200 })).events.map((event) => event.id);

  async function freshLog(rows: number, make?: (i: number) => AuditEntry) {
    await resetAuditLog(store);
    ({ audit, clock } = auditLogOn(store));
    await appendMany(audit, clock, rows, make);
  }

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  describe('filters', () => {
    beforeAll(() => freshLog(SEED.length, (i) => SEED[i - 1] as AuditEntry));

    it('answers everything newest first without filters', async () => {
      expect(await ids({})).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    });

    it('by part of the actor email, in any case, with LIKE wildcards taken literally', async () => {
      expect(await ids({ actor: 'ADMIN@Sandbox' })).toEqual([7, 6, 5, 1]);
      expect(await ids({ actor: 'ops_lead' })).toEqual([8]);
      expect(await ids({ actor: '%' })).toEqual([]);
    });

    it('by exact action, or by prefix with a trailing *', async () => {
      expect(await ids({ action: 'session.sign_in' })).toEqual([2, 1]);
      expect(await ids({ action: 'session.*' })).toEqual([3, 2, 1]);
      expect(await ids({ action: 'payment.*' })).toEqual([6, 5]);
      expect(await ids({ action: 'payment' })).toEqual([]);
    });

    it('by any of several actions or prefixes, separated by commas', async () => {
      expect(await ids({ action: 'session.sign_in, payment.*' })).toEqual([6, 5, 2, 1]);
      expect(await ids({ action: 'access.denied,settings.*,nothing.*' })).toEqual([9, 4]);
    });

    it('by part of the target', async () => {
      expect(await ids({ target: 'pay_' })).toEqual([6, 5]);
      expect(await ids({ target: '100%' })).toEqual([9]);
      expect(await ids({ target: 'PAY_' })).toEqual([]);
    });

    it('by outcome', async () => {
      expect(await ids({ outcome: 'denied' })).toEqual([4]);
      expect(await ids({ outcome: 'refused' })).toEqual([3]);
    });

    it('by time: from inclusive, to exclusive', async () => {
      expect(await ids({ from: appendedAt(3), to: appendedAt(6) })).toEqual([5, 4, 3]);
      expect(await ids({ from: appendedAt(9) })).toEqual([9]);
      expect(await ids({ to: appendedAt(2) })).toEqual([1]);
    });

    it('by several filters at once', async () => {
      expect(await ids({ actor: 'admin', action: 'payment.*', outcome: 'failed' })).toEqual([6]);
    });

    it('answers the view of an event', async () => {
      const [event] = (await audit.query({ outcome: 'failed' })).events;
      expect(event).toEqual({
        id: 6,
        at: appendedAt(6).toISOString(),
        actor: ADMIN,
        clientIp: '203.0.113.7',
        requestId: 'req-1',
        action: 'payment.complete',
        target: 'payment:pay_B2',
        outcome: 'failed',
        upstream: { status: 502, code: 'upstream_error' },
        details: {},
      });
    });
  });

  describe('keyset pagination', () => {
    beforeEach(() => freshLog(23));

    it('gives every row once, newest first, and ends with a null cursor', async () => {
      const seen: number[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await audit.query({}, { cursor, limit: 5 });
        seen.push(...page.events.map((event) => event.id));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));
    });

    it('stays put while rows are appended between pages', async () => {
      const first = await audit.query({}, { limit: 10 });
      await appendMany(audit, clock, 5);
      const second = await audit.query({}, { cursor: first.nextCursor ?? undefined, limit: 10 });
      const third = await audit.query({}, { cursor: second.nextCursor ?? undefined, limit: 10 });
      expect([...first.events, ...second.events, ...third.events].map((event) => event.id)).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));
      expect(third.nextCursor).toBeNull();
      expect((await audit.query({}, { limit: 1 })).events[0]?.id).toBe(28);
    });

    it('pages through filtered rows', async () => {
      await audit.append(entry({ action: 'staff.create' }));
      await audit.append(entry({ action: 'staff.update' }));
      await audit.append(entry({ action: 'staff.update' }));
      const first = await audit.query({ action: 'staff.*' }, { limit: 2 });
      const second = await audit.query({ action: 'staff.*' }, { cursor: first.nextCursor ?? undefined, limit: 2 });
      expect([first, second].map((page) => page.events.map((event) => event.id))).toEqual([[26, 25], [24]]);
      expect(second.nextCursor).toBeNull();
    });

    it('answers no cursor when the last page is exactly full', async () => {
      expect((await audit.query({}, { limit: 23 })).nextCursor).toBeNull();
    });

    /** The query's refusal as the HTTP edge answers it. */
    const answered = (query: Promise<unknown>) =>
      query.catch((error: unknown) => {
        throw error instanceof Refusal ? apiErrorFromRefusal(error) : error;
      });

    it('refuses a cursor it did not make', async () => {
      await expect(answered(audit.query({}, { cursor: 'bm90IGEgY3Vyc29y' }))).rejects.toMatchObject({ status: 400, code: 'invalid_input' });
      await expect(answered(audit.query({}, { cursor: '12' }))).rejects.toBeInstanceOf(ApiError);
    });
  });
});

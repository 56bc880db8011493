import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventPage } from '../../../bff/src/audit/audit-query.ts';
import type { AuditVerification } from '../../../bff/src/audit/audit-verify.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tamper } from './audit-fixtures.ts';
import { parseCsv } from './csv-reader.ts';

describe.each(storeKinds)('audit routes (%s)', (kind) => {
  let t: TestApp;
  let support: string;
  let admin: string;

  const get = (path: string, cookie?: string) => t.request('GET', path, { cookie });

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await t.signInAs('support');
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  describe('GET /api/audit', () => {
    it('lists events newest first, filtered, with a cursor to the next page', async () => {
      const response = await get('/api/audit?action=session.*&limit=1', support);
      expect(response.status).toBe(200);
      const page = (await response.json()) as AuditEventPage;
      expect(page.events).toHaveLength(1);
      expect(page.events[0]).toMatchObject({ action: 'session.sign_in', actor: { email: 'admin@sandbox.local', role: 'admin' } });
      expect(page.nextCursor).toEqual(expect.any(String));

      const next = (await (await get(`/api/audit?action=session.*&limit=1&cursor=${page.nextCursor}`, support)).json()) as AuditEventPage;
      expect(next.events[0]).toMatchObject({ action: 'session.sign_in', actor: { email: 'support@sandbox.local' } });
      expect(next.events[0]?.id).toBeLessThan(page.events[0]?.id ?? 0);
    });

    it('takes empty filters as absent', async () => {
      const response = await get('/api/audit?actor=&action=%20&target=&outcome=&from=&to=', support);
      expect(response.status).toBe(200);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
      ['outcome=maybe', 'outcome'],
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['cursor=not-a-cursor', 'cursor'],
      [`actor=${'a'.repeat(300)}`, 'actor'],
    ])('answers 400 invalid_input to %s', async (query, field) => {
      const response = await get(`/api/audit?${query}`, support);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.message.startsWith(`${field}:`)).toBe(true);
    });

    it('answers 401 signed out', async () => {
      expect((await get('/api/audit')).status).toBe(401);
    });
  });

  describe('GET /api/audit/export.csv', () => {
    it('downloads the filtered rows as CSV, and audits the export', async () => {
      const response = await get('/api/audit/export.csv?action=session.sign_in', support);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{8}-\d{6}-filtered\.csv"$/);
      const records = parseCsv(await response.text());
      expect(records[0]?.[0]).toBe('id');
      expect(records.slice(1).map((record) => record[7])).toEqual(['session.sign_in', 'session.sign_in']);

      const { events } = (await (await get('/api/audit?action=audit.export', support)).json()) as AuditEventPage;
      expect(events[0]).toMatchObject({ actor: { email: 'support@sandbox.local' }, outcome: 'ok', details: { filters: { action: 'session.sign_in' } } });
    });

    it('answers 400 to bad filters', async () => {
      const response = await get('/api/audit/export.csv?outcome=maybe', support);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    });
  });

  describe('GET /api/audit/verify', () => {
    it('is for admins only', async () => {
      expect((await get('/api/audit/verify', support)).status).toBe(403);
    });

    it('says intact, and how many rows', async () => {
      const response = await get('/api/audit/verify', admin);
      expect(response.status).toBe(200);
      const verification = (await response.json()) as AuditVerification;
      expect(verification).toMatchObject({ intact: true, rows: expect.any(Number) });
      expect(verification.rows).toBeGreaterThan(3);
    });
  });

  // Last: these leave the chain broken.
  describe('after tampering', () => {
    it('verify names the changed row', async () => {
      await tamper(t.store, `UPDATE audit_events SET outcome = 'failed' WHERE id = 2`);
      const verification = (await (await get('/api/audit/verify', admin)).json()) as AuditVerification;
      expect(verification).toMatchObject({ intact: false, firstBad: { id: 2, problem: 'changed' }, message: expect.stringMatching(/^row 2 was changed/) });
    });

    it('the export streams 5,000 rows in several chunks', async () => {
      await tamper(
        t.store,
        `INSERT INTO audit_events (id, at, action, target, outcome, prev_hash, hash)
           SELECT 1000 + n, now(), 'payment.cancel', 'payment:pay_' || n, 'ok', '', '' FROM generate_series(1, 5000) AS n`,
      );
      const response = await get('/api/audit/export.csv?action=payment.cancel', support);
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no body');
      const decoder = new TextDecoder();
      let chunks = 0;
      let text = '';
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks++;
        text += decoder.decode(read.value, { stream: true });
      }
      expect(chunks).toBeGreaterThan(5);
      expect(parseCsv(text)).toHaveLength(5001);
    });
  });
});

import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEventPage } from '../../../bff/src/audit/audit-query.ts';
import { createLogger } from '../../../bff/src/logger.ts';
import * as paymentQuery from '../../../bff/src/payments/payment-query.ts';
import { newA2U } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A marker only the forced store error's parameters carry: it must reach no log line and no answer.
const PARAMETER_MARKER = '0000-01-01';

vi.mock('../../../bff/src/payments/payment-query.ts', async (importOriginal) => {
  const original = await importOriginal<typeof paymentQuery>();
  return { ...original, queryPayments: vi.fn(original.queryPayments) };
});

const realQueryPayments = (await vi.importActual<typeof paymentQuery>('../../../bff/src/payments/payment-query.ts')).queryPayments;
const queryPayments = vi.mocked(paymentQuery.queryPayments);

/** A genuine store error: the page query run with a date PostgreSQL cannot hold, past the validation. */
function failOnCall(failing: number, pageSize?: number): void {
  let calls = 0;
  queryPayments.mockImplementation((db, clock, query) => {
    calls += 1;
    const sized = pageSize === undefined ? query : { ...query, limit: pageSize };
    return realQueryPayments(db, clock, calls === failing ? { ...sized, from: new Date(`${PARAMETER_MARKER}T00:00:00Z`) } : sized);
  });
}

/** Store errors inside a normal route and inside a stream: one JSON log line each, no SQL, no parameters, no secrets; the audit says failed. */
describe('the error channel', () => {
  const lines: string[] = [];
  let t: TestApp;
  let support: string;
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { logger: createLogger({ level: 'info', write: (line) => lines.push(line) }) });
    support = await t.signInAs('support');
    for (let i = 0; i < 3; i++) await t.services.paymentQueries.lookUp((await newA2U(t)).identifier);
    await t.services.backgroundWrites.settled();
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });
  afterEach(() => {
    queryPayments.mockReset();
    queryPayments.mockImplementation(realQueryPayments);
    lines.length = 0;
  });

  const errorLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 'error');
  const exportRows = async () => {
    const page = (await (await t.request('GET', '/api/audit?action=payments.export', { cookie: support })).json()) as AuditEventPage;
    return page.events;
  };

  function expectOneSafeErrorLine(): void {
    const errors = errorLines();
    expect(errors).toHaveLength(1);
    const text = JSON.stringify(errors[0]);
    expect(text).not.toContain(PARAMETER_MARKER);
    expect(text).not.toMatch(/select|params:/i);
    expect(text).not.toContain(t.emulator.key);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  }

  it('answers a store error in a normal route with a JSON 500 and logs one safe line', async () => {
    failOnCall(1);
    const response = await t.request('GET', '/api/payments', { cookie: support });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'internal_error' } });
    expect(body).not.toContain(PARAMETER_MARKER);
    expectOneSafeErrorLine();
  });

  it('answers an export whose first page fails with a JSON error, before any CSV, audited as failed', async () => {
    failOnCall(1);
    const response = await t.request('GET', '/api/payments/export.csv', { cookie: support });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: 'internal_error' } });
    expectOneSafeErrorLine();
    const [row] = await exportRows();
    expect(row?.outcome).toBe('failed');
    expect(JSON.stringify(row)).not.toContain(PARAMETER_MARKER);
  });

  it('cuts an export that fails mid-stream short over HTTP, logs it once through the logger, audits it as failed', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    const consoleError = vi.spyOn(console, 'error');
    const consoleInfo = vi.spyOn(console, 'info');
    failOnCall(2, 1);
    const response = await fetch(`${base}/api/payments/export.csv`, { headers: { cookie: support } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    await vi.waitFor(async () => expect((await exportRows()).slice(0, 2).map((row) => row.outcome)).toEqual(['failed', 'ok']), { timeout: 15_000 });
    expectOneSafeErrorLine();
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleInfo).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
    consoleError.mockRestore();
    consoleInfo.mockRestore();
  });

  it('errors the body of an in-process answer whose stream fails', async () => {
    failOnCall(2, 1);
    const response = await t.request('GET', '/api/payments/export.csv', { cookie: support });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});

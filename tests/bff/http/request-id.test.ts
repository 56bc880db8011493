import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventPage } from '../../../bff/src/audit/audit-query.ts';
import { createLogger } from '../../../bff/src/logger.ts';
import { SANDBOX_PASSWORD, createTestApp, type TestApp } from '../support/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request id is always the console's own; a client's is kept beside it, limited. */
describe('request ids', () => {
  const lines: string[] = [];
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { logger: createLogger({ level: 'info', write: (line) => lines.push(line) }) });
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  it('does not take a client’s id as its own, in the answer, the log or the audit row', async () => {
    const response = await t.request('POST', '/api/session', {
      body: { email: 'support@sandbox.local', password: SANDBOX_PASSWORD },
      headers: { 'x-request-id': 'admin-approved-by-ceo' },
    });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(response.headers.get('x-client-request-id')).toBe('admin-approved-by-ceo');
    const { events } = (await (await t.request('GET', '/api/audit?action=session.sign_in', { cookie: admin })).json()) as AuditEventPage;
    expect(events[0]?.requestId).toBe(id);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.requestId === id);
    expect(logged).toMatchObject({ requestId: id, clientRequestId: 'admin-approved-by-ceo' });
  });

  it.each(['x'.repeat(65), 'has spaces', 'semi;colon', 'é'])('keeps no client id like %j', async (clientId) => {
    const response = await t.request('GET', '/api/health', { headers: { 'x-request-id': clientId } });
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(response.headers.get('x-client-request-id')).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../bff/src/logger.ts';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { clearFaults, setFaults } from '../support/emulator-control.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './support/test-app.ts';

const apps: TestApp[] = [];
async function appWith(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp('pglite', { demoStaff: false, ...options });
  apps.push(t);
  return t;
}

let upstream: RunningEmulator;
beforeAll(async () => {
  upstream = await startEmulator();
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  await upstream.close();
});

describe('system routes', () => {
  it('GET /api/health answers while the process is up, and /api/meta tells the mode', async () => {
    const t = await appWith();
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'up' });
    expect(await (await t.request('GET', '/api/meta')).json()).toEqual({ mode: 'sandbox' });
  });

  it('GET /api/ready is 200 when the upstream answers and accepts the key', async () => {
    const t = await appWith();
    const response = await t.request('GET', '/api/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ready: true, upstream: { ok: true, reachable: true, keyAccepted: true } });
  });

  it('GET /api/ready says the key was rejected', async () => {
    const t = await appWith({ upstream: { apiKey: 'wrong-key-wrong-key' } });
    const response = await t.request('GET', '/api/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ ready: false, upstream: { reachable: true, keyAccepted: false } });
  });

  it('GET /api/ready says the upstream is unreachable', async () => {
    const t = await appWith({ upstream: { url: 'http://127.0.0.1:9/v2' } });
    const body = await (await t.request('GET', '/api/ready')).json();
    expect(body).toMatchObject({ ready: false, upstream: { reachable: false, keyAccepted: null, error: { code: 'network_error' } } });
  });

  it('GET /api/ready reports an upstream failing with 5xx', async () => {
    const t = await appWith({ upstream: { url: upstream.url, apiKey: upstream.key } });
    await setFaults(upstream, [{ route: '/v2/**', kind: 'html_500' }]);
    const body = await (await t.request('GET', '/api/ready')).json();
    await clearFaults(upstream);
    expect(body).toMatchObject({ ready: false, upstream: { reachable: true, keyAccepted: true } });
  });
});

describe('errors and logs', () => {
  it('answers an unknown API path with the JSON error envelope and a request id', async () => {
    const t = await appWith();
    const response = await t.request('GET', '/api/nope');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('never writes the server key or a session id to the log', async () => {
    const lines: string[] = [];
    const t = await appWith({ demoStaff: true, logger: createLogger({ level: 'debug', secrets: [upstream.key], write: (line) => lines.push(line) }), upstream: { url: upstream.url, apiKey: upstream.key } });
    const cookie = await t.signInAs('support');
    await t.request('GET', '/api/ready', { cookie, headers: { authorization: `Key ${upstream.key}` } });
    await t.request('GET', `/api/${upstream.key}`);
    expect(lines.length).toBeGreaterThan(0);
    const sessionId = cookie.split('=')[1] ?? '';
    for (const line of lines) {
      expect(line).not.toContain(upstream.key);
      expect(line).not.toContain(sessionId);
    }
  });

  it('scrubs secrets and sensitive fields from log lines', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', secrets: ['SBSECRETSEEDVALUE123'], write: (line) => lines.push(line) });
    logger.info('x', { note: 'seed is SBSECRETSEEDVALUE123', accessToken: 'tok', password: 'pw', sessionId: 'sid' });
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, string>;
    expect(line.note).toBe('seed is [redacted]');
    expect([line.accessToken, line.password, line.sessionId]).toEqual(['[redacted]', '[redacted]', '[redacted]']);
  });
});

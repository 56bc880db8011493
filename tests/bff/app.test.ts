import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../bff/src/app.ts';
import { createLogger } from '../../bff/src/logger.ts';
import { PlatformClient } from '../../bff/src/platform/platform-client.ts';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { clearFaults, setFaults } from '../support/emulator-control.ts';

let emulator: RunningEmulator;
const logLines: string[] = [];

function appFor(apiKey: string, baseUrl = emulator.url) {
  const platform = new PlatformClient({ baseUrl, apiKey, timeoutMs: 1_000, getRetries: 0 });
  const logger = createLogger({ level: 'debug', secrets: [apiKey], write: (line) => logLines.push(line) });
  return { app: createApp({ mode: 'sandbox', platform, logger }), platform };
}

beforeAll(async () => {
  emulator = await startEmulator();
});

afterAll(() => emulator.close());

describe('system routes', () => {
  it('GET /api/health answers while the process is up', async () => {
    const { app, platform } = appFor(emulator.key);
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'up' });
    await platform.close();
  });

  it('GET /api/meta tells the mode', async () => {
    const { app, platform } = appFor(emulator.key);
    expect(await (await app.request('/api/meta')).json()).toEqual({ mode: 'sandbox' });
    await platform.close();
  });

  it('GET /api/ready is 200 when the upstream answers and accepts the key', async () => {
    const { app, platform } = appFor(emulator.key);
    const response = await app.request('/api/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ready: true, upstream: { ok: true, reachable: true, keyAccepted: true } });
    await platform.close();
  });

  it('GET /api/ready says the key was rejected', async () => {
    const { app, platform } = appFor('wrong-key-wrong-key');
    const response = await app.request('/api/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ ready: false, upstream: { reachable: true, keyAccepted: false } });
    await platform.close();
  });

  it('GET /api/ready says the upstream is unreachable', async () => {
    const { app, platform } = appFor(emulator.key, 'http://127.0.0.1:9/v2');
    const body = await (await app.request('/api/ready')).json();
    expect(body).toMatchObject({ ready: false, upstream: { reachable: false, keyAccepted: null, error: { code: 'network_error' } } });
    await platform.close();
  });

  it('GET /api/ready reports an upstream failing with 5xx', async () => {
    const { app, platform } = appFor(emulator.key);
    await setFaults(emulator, [{ route: '/v2/**', kind: 'html_500' }]);
    const body = await (await app.request('/api/ready')).json();
    await clearFaults(emulator);
    expect(body).toMatchObject({ ready: false, upstream: { reachable: true, keyAccepted: true } });
    await platform.close();
  });
});

describe('errors and logs', () => {
  it('answers an unknown API path with the JSON error envelope and a request id', async () => {
    const { app, platform } = appFor(emulator.key);
    const response = await app.request('/api/nope');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    await platform.close();
  });

  it('never writes the server key to the log', async () => {
    const { app, platform } = appFor(emulator.key);
    logLines.length = 0;
    await app.request('/api/ready', { headers: { authorization: `Key ${emulator.key}`, cookie: 'a=b' } });
    await app.request(`/api/${emulator.key}`);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(emulator.key);
    await platform.close();
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

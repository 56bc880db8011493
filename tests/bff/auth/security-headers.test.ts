import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp('pglite', { demoStaff: false });
});
afterAll(() => t.close());

describe('response headers', () => {
  it('sends a strict CSP and the other security headers on every response', async () => {
    // An answer, a 404, a refusal raised as an error (401), and the SPA.
    for (const path of ['/api/health', '/api/nope', '/api/session', '/']) {
      const response = await t.request('GET', path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it('never lets /api answers be cached', async () => {
    expect((await t.request('GET', '/api/health')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('GET', '/api/nope')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('GET', '/api/session')).headers.get('cache-control')).toBe('no-store');
  });

  it('sends HSTS for a year only over https', async () => {
    expect((await t.request('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
    const https = await t.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    const maxAge = Number(/max-age=(\d+)/.exec(https.headers.get('strict-transport-security') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
  });

  it('refuses a request body over 1 MiB with 413', async () => {
    const response = await t.request('POST', '/api/session', { body: { email: 'a@b.c', password: 'x'.repeat(1024 * 1024 + 10) } });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.request('/api/session', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
  });
});

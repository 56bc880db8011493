import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UpstreamHop } from '../../../bff/src/upstream/upstream-hop.ts';
import { control, createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { actionTraces } from '../support/action-traces.ts';
import { newA2U } from '../support/payments.ts';
import { createTestApp, SANDBOX_PASSWORD, type TestApp } from '../support/test-app.ts';
import { jsonRoutesOf, sendBody, utf8, type JsonRoute } from './json-routes.ts';

/** Runs per route: every labelled variant turns up, and the whole file stays within seconds. */
const RUNS_PER_ROUTE = 12;

/** Labels a client may put on a body that is not (or not only) `application/json`. */
const NOT_JSON = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=UTF-8',
  'multipart/form-data; boundary=plat',
  'text/plain',
  'text/plain;charset=UTF-8',
  'text/json',
  'text/javascript',
  'text/csv',
  'application/jsonx',
  'application/json-seq',
  'application/json5',
  'application/merge-patch+json',
  'application/problem+json',
  'application/vnd.api+json',
  'application/ld+json',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16',
  'application/json; charset=utf8',
  'application/json; profile=x',
  'application/json, text/plain',
  'application/*',
  '*/*',
  'json',
  '',
];

/** One character of `application/json` inserted, replaced or removed; a change of case is the same type. */
const editedJsonType = fc
  .tuple(fc.constantFrom('insert', 'replace', 'remove'), fc.nat({ max: 'application/json'.length }), fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }))
  .map(([edit, at, char]) => {
    const type = 'application/json';
    return type.slice(0, at) + (edit === 'remove' ? '' : char) + type.slice(edit === 'insert' ? at : at + 1);
  })
  .filter((type) => /^[\x20-\x7e]*$/.test(type) && type.trim().toLowerCase() !== 'application/json');

/** Any other label, or none at all (null). */
const notJsonContentType: fc.Arbitrary<string | null> = fc.oneof(fc.constant(null), fc.constantFrom(...NOT_JSON), editedJsonType);

/** The labels a JSON body is read under. */
const JSON_TYPES = ['application/json', 'APPLICATION/JSON', 'Application/Json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf-8"'];

type Encoding = 'json' | 'form' | 'empty';

function encoded(body: Record<string, unknown>, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'json') return utf8(JSON.stringify(body));
  if (encoding === 'empty') return new Uint8Array();
  return utf8(new URLSearchParams(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString());
}

/** A body each route would act on: sign in, change a password, pay, cancel, clear and pay, check ads… */
async function actingBodies(t: TestApp): Promise<Record<string, Record<string, unknown>>> {
  const user = await createUser(t.emulator);
  const payment = await newA2U(t);
  const { adId } = await control<{ adId: string }>(t.emulator, 'POST', '/ads');
  return {
    'POST /api/session': { email: 'admin@sandbox.local', password: SANDBOX_PASSWORD },
    'POST /api/session/password': { currentPassword: SANDBOX_PASSWORD, newPassword: 'an entirely new password' },
    'POST /api/session/second-factor': { code: '123456' },
    'POST /api/session/step-up': { code: '123456' },
    'POST /api/me/totp/confirm': { code: '123456' },
    'POST /api/me/passkeys': { name: 'Laptop', response: { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', attestationObject: 'oA' } } },
    'PATCH /api/me/passkeys/:id': { name: 'Laptop' },
    'POST /api/session/passkey': { response: { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', authenticatorData: 'oA', signature: 'c2ln' } } },
    'POST /api/setup': { token: 'a-setup-token', password: 'an entirely new password' },
    'POST /api/staff': { email: 'new.ops@example.com', name: 'New Ops', role: 'ops', password: 'an entirely new password' },
    'PATCH /api/staff/:id': { disabled: true },
    'POST /api/payments/import': { ids: [payment.identifier] },
    'POST /api/payments/:id/cancel': { reason: 'not wanted' },
    'POST /api/payments/:id/refunds': { amount: '1', memo: 'not delivered' },
    'POST /api/ingest/payments': { ids: [payment.identifier] },
    'POST /api/api-keys': { name: 'another backend', scopes: ['ingest'] },
    'POST /api/api-keys/:id/roll': { overlapHours: 1 },
    'POST /api/incomplete/clear': { dryRun: false, unpaid: 'submit_and_complete' },
    'POST /api/ads/check': { adIds: [adId] },
    'POST /api/rewards': { uid: user.uid, amount: '1', memo: 'a reward', metadata: { campaign: 'spring' } },
    'POST /api/rewards/:id/reject': { reason: 'not this campaign' },
    'POST /api/rewards/batches/:id/reject': { reason: 'the wrong file' },
    'PUT /api/settings/reward-limits': { perRewardCap: '1', dailyTotalPerStaff: '1', approvalThreshold: '1' },
    'PUT /api/settings/wallet': { lowBalance: '1' },
    'PUT /api/settings/second-factor': { requiredRoles: ['admin'], graceDays: 0, sandboxExempt: false, stepUpMinutes: 1 },
    'POST /api/reconciliation/exceptions/:id/acknowledge': { note: 'the old script, stopped' },
    'POST /api/reconciliation/exceptions/:id/resolve': { note: 'paid back' },
    'POST /api/webhook-endpoints': { url: 'https://example.com/hooks', events: ['reward.completed'] },
    'PATCH /api/webhook-endpoints/:id': { enabled: false },
    'POST /api/webhook-endpoints/:id/rotate-secret': { overlapHours: 1 },
    'POST /api/webhook-endpoints/:id/resend-failed': { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
    'PUT /api/settings/webhooks': { allowedPrivateNetworks: ['10.0.0.0/8'] },
    'POST /api/notifications/read': { all: true },
    'PUT /api/me/notification-preferences': { events: ['wallet.low_balance'], slackUrl: 'https://hooks.slack.com/services/T0/B0/x' },
  };
}

/** Issue 28: a request that can move money says so, in JSON. Anything else is a 415 before any handler runs. */
describe.each(storeKinds)('a JSON body sent as anything but application/json, on %s', (kind) => {
  let t: TestApp;
  let routes: JsonRoute[];
  let acting: Record<string, Record<string, unknown>>;
  const platformCalls = vi.spyOn(UpstreamHop.prototype, 'call');

  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = await jsonRoutesOf(t, await t.signInAs('admin'));
    acting = await actingBodies(t);
  });
  afterAll(async () => {
    platformCalls.mockRestore();
    await t.close();
  });

  it('is tried on every route that reads JSON, each with a body it would act on', () => {
    expect(routes.map((route) => route.name).sort()).toEqual(Object.keys(acting).sort());
    for (const route of routes) expect(route.schema.safeParse(acting[route.name]).success, route.name).toBe(true);
  });

  it('is refused with 415 unsupported_media_type on every such route, and nothing is done', { timeout: 60_000 }, async () => {
    const before = await actionTraces(t);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(notJsonContentType, fc.constantFrom<Encoding>('json', 'form', 'empty'), async (contentType, encoding) => {
          const calls = platformCalls.mock.calls.length;
          const response = await sendBody(t, route, encoded(acting[route.name] ?? {}, encoding), contentType);
          const where = `${route.name} as ${contentType ?? 'no Content-Type'} (${encoding})`;
          expect(response.status, where).toBe(415);
          const { error } = (await response.json()) as { error: { code: string; message: string } };
          expect(error.code, where).toBe('unsupported_media_type');
          expect(error.message, where).toContain('Content-Type: application/json');
          expect(platformCalls.mock.calls.length, where).toBe(calls);
        }),
        { numRuns: RUNS_PER_ROUTE, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
      );
    }
    expect(await actionTraces(t)).toEqual(before);
  });

  it('reads application/json, with or without charset=utf-8, on every such route', async () => {
    const before = await actionTraces(t);
    const calls = platformCalls.mock.calls.length;
    for (const route of routes) {
      for (const contentType of JSON_TYPES) {
        // No route takes a list: past the Content-Type, its validator refuses it.
        const response = await sendBody(t, route, utf8('[]'), contentType);
        expect(response.status, `${route.name} as ${contentType}`).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
      }
    }
    expect(platformCalls.mock.calls.length).toBe(calls);
    expect(await actionTraces(t)).toEqual(before);
  });
});

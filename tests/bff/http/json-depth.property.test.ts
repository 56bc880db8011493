import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../bff/src/json-depth.ts';
import { UpstreamHop } from '../../../bff/src/upstream/upstream-hop.ts';
import { MAX_METADATA_BYTES } from '../../../common/limits.ts';
import { createUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { actionTraces } from '../support/action-traces.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { jsonRoutesOf, sendBody, utf8, type JsonRoute } from './json-routes.ts';

const TOO_DEEP = new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`);

interface Shape {
  /** How many objects and arrays are nested in one another (0: a number). */
  depth: number;
  /** How many more members one of them has, at `wideAt` (1 is the outermost). */
  width: number;
  wideAt: number;
}

/** A value of the given shape, built from the inside out: objects and arrays in turn, one of them wide. */
function nested({ depth, width, wideAt }: Shape): unknown {
  let value: unknown = 0;
  for (let level = depth; level >= 1; level--) {
    const extra = level === wideAt ? width : 0;
    value = level % 2 === 1 ? { inner: value, ...Object.fromEntries(Array.from({ length: extra }, (_, index) => [`k${index}`, index])) } : [value, ...Array.from({ length: extra }, (_, index) => index)];
  }
  return value;
}

/** Depths up to past the limit, and members enough to fill a good part of the 1 MiB a body may have. */
const shape = (minDepth: number): fc.Arbitrary<Shape> =>
  fc
    .integer({ min: minDepth, max: MAX_JSON_DEPTH + 8 })
    .chain((depth) => fc.record({ depth: fc.constant(depth), width: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 30_000 })), wideAt: fc.integer({ min: 1, max: Math.max(depth, 1) }) }));

/** Issue 28: JSON nested past the limit is a 400 on every route, never a 500 (the stack overflowed at 5,000 levels). */
describe.each(storeKinds)('deep and wide JSON bodies, on %s', (kind) => {
  let t: TestApp;
  let routes: JsonRoute[];
  let manager: string;
  const platformCalls = vi.spyOn(UpstreamHop.prototype, 'call');

  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = await jsonRoutesOf(t, await t.signInAs('admin'));
    manager = await t.signInAs('manager');
  });
  afterAll(async () => {
    platformCalls.mockRestore();
    await t.close();
  });

  /** What a reward leaves behind (the reward worker may meanwhile write to earlier rewards' timelines). */
  const rewardTraces = async () => {
    const { rewards, emulatorPayments, ledgerTransactions } = await actionTraces(t);
    return { rewards, emulatorPayments, ledgerTransactions };
  };

  it('refuses a body nested past the limit with 400 on every route that reads JSON; a body within it is never refused for its depth, and never 5xx', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes.map((route) => route.name)), shape(0), async (name, valueShape) => {
        const route = routes.find((candidate) => candidate.name === name);
        if (!route) throw new Error(`no route ${name}`);
        // The body is one more level: the object holding the route's field.
        const bodyDepth = valueShape.depth + 1;
        const calls = platformCalls.mock.calls.length;
        const response = await sendBody(t, route, utf8(JSON.stringify({ [route.field]: nested(valueShape) })), 'application/json');
        const text = await response.text();
        const where = `${route.name} nested ${bodyDepth} deep, ${valueShape.width} wide at ${valueShape.wideAt} → ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, where).toBeLessThan(500);
        if (bodyDepth > MAX_JSON_DEPTH) {
          expect(response.status, where).toBe(400);
          expect(JSON.parse(text), where).toMatchObject({ error: { code: 'invalid_input', message: expect.stringMatching(TOO_DEEP) } });
          expect(platformCalls.mock.calls.length, where).toBe(calls);
        } else {
          expect(text, where).not.toMatch(TOO_DEEP);
        }
      }),
      { numRuns: 40, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  });

  it('pays a reward whose metadata is within the limits, and refuses deeper or larger metadata with 400 before anything is done', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(shape(1), async (metadataShape) => {
        const metadata = nested(metadataShape);
        const user = await createUser(t.emulator);
        const before = await rewardTraces();
        const response = await t.request('POST', '/api/rewards', { cookie: manager, headers: { 'idempotency-key': randomUUID() }, body: { uid: user.uid, amount: '1', memo: 'deep', metadata } });
        const text = await response.text();
        const where = `metadata nested ${metadataShape.depth} deep, ${metadataShape.width} wide → ${response.status} ${text.slice(0, 200)}`;
        if (metadataShape.depth + 1 > MAX_JSON_DEPTH) {
          expect(response.status, where).toBe(400);
          expect(text, where).toMatch(TOO_DEEP);
        } else if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) {
          expect(response.status, where).toBe(400);
          expect(text, where).toMatch(`metadata: must be at most ${MAX_METADATA_BYTES} bytes as JSON`);
        } else {
          expect(response.status, where).toBe(201);
          return;
        }
        expect(await rewardTraces(), where).toEqual(before);
      }),
      { numRuns: 20, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  });

  it.each([5_000, 100_000])('refuses reward metadata nested %i levels deep with 400, not a 500', async (depth) => {
    const user = await createUser(t.emulator);
    const before = await rewardTraces();
    const metadata = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const body = `{"uid":${JSON.stringify(user.uid)},"amount":"1","memo":"deep","metadata":${metadata}}`;
    const response = await t.app.request('/api/rewards', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: manager, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', message: expect.stringMatching(TOO_DEEP) } });
    expect(await rewardTraces()).toEqual(before);
  });

  it.each([MAX_JSON_DEPTH + 1, 100_000])('refuses a body of %i nested arrays with 400 on every route that reads JSON', async (depth) => {
    const deep = utf8(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    for (const route of routes) {
      const response = await sendBody(t, route, deep, 'application/json');
      expect(response.status, route.name).toBe(400);
      expect(await response.text(), route.name).toMatch(TOO_DEEP);
    }
  });

  it(`does not refuse a body of ${MAX_JSON_DEPTH} levels for its depth on any route`, async () => {
    const body = utf8(JSON.stringify({ field: nested({ depth: MAX_JSON_DEPTH - 1, width: 0, wideAt: 1 }) }));
    for (const route of routes) {
      const response = await sendBody(t, route, body, 'application/json');
      expect(response.status, route.name).toBeLessThan(500);
      expect(await response.text(), route.name).not.toMatch(TOO_DEEP);
    }
  });
});

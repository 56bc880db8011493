import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeFor, type Permission } from '../../../bff/src/auth/permissions.ts';
import { declaredAccess } from '../../../bff/src/guards/require-access.ts';
import { PROJECT_ROOT } from '../../../bff/src/project-root.ts';
import { PUBLIC_API_TYPES_PATH, publicApiTypes } from '../../../scripts/public-api-types.ts';
import { listen } from '../../support/listen.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The public API's document: served to anyone, valid OpenAPI 3.1, and the one in the repository. */
describe('GET /v1/openapi.json', () => {
  let t: TestApp;
  let served: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    // As the app's backend or a tool fetches it: no cookie, no console header.
    const response = await t.app.request('/v1/openapi.json');
    expect(response.status).toBe(200);
    served = (await response.json()) as Record<string, unknown>;
  });
  afterAll(() => t.close());

  it('is the document in docs/openapi.json (run `npm run openapi` after changing the public API)', async () => {
    const written = await readFile(join(PROJECT_ROOT, 'docs', 'openapi.json'), 'utf8');
    expect(served).toEqual(JSON.parse(written));
    // In the same order too: the order of paths and schemas is the order of the generated client types.
    expect(`${JSON.stringify(served, null, 2)}\n`).toBe(written);
  });

  it('generates the committed client types byte for byte when openapi-typescript reads it from the running app', async () => {
    const served = await listen(t.app.fetch);
    try {
      const generated = await publicApiTypes(new URL(`${served.origin}/v1/openapi.json`));
      // A diff names the lines; `npm run openapi` writes the file again.
      expect(generated).toBe(await readFile(PUBLIC_API_TYPES_PATH, 'utf8'));
    } finally {
      await served.close();
    }
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(served.openapi).toBe('3.1.0');
    // validate() dereferences the document it is given: it gets a copy.
    const result = await validate(structuredClone(served) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.specification).toBe('OpenAPI');
  });

  it('documents every /v1 route the app serves, with the scope its guard checks, in its description and its security', () => {
    const paths = served.paths as Record<string, Record<string, { operationId: string; description: string; security: Record<string, string[]>[] }>>;
    const documented = Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })));
    const guarded = new Map<string, Permission>();
    for (const route of t.app.routes) {
      const access = declaredAccess(route.handler);
      if (route.path.startsWith('/v1/') && access !== undefined && access !== 'public' && access !== 'signed-in') guarded.set(`${route.method} ${route.path}`, access);
    }
    expect(documented.map(({ route }) => route).sort()).toEqual([...guarded.keys()].sort());
    for (const { route, operation } of documented) {
      const scope = scopeFor(guarded.get(route) as Permission);
      expect(operation.security, route).toEqual([{ apiKey: [scope] }]);
      expect(operation.description, route).toMatch(new RegExp(`^Needs the \`${scope}\` scope\. `));
    }
    expect(documented.length).toBeGreaterThanOrEqual(6);
  });

  it('answers an unknown /v1 path with 404 in the one error shape', async () => {
    const response = await t.app.request('/v1/nope');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});

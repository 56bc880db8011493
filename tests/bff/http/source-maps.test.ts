import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spaRoutes } from '../../../bff/src/http/spa.ts';
import viteConfig from '../../../vite.config.ts';

/** The SPA's source is not served: no maps in the build, and none served if one is left there. */
describe('source maps', () => {
  it('are not part of the production build', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('are not served from the build directory, signed in or not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plat-spa-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js.map'), '{"sources":["secret.ts"]}');
    const app = spaRoutes(dir);
    expect((await app.request('/assets/index-abc.js')).status).toBe(200);
    const map = await app.request('/assets/index-abc.js.map');
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });
});

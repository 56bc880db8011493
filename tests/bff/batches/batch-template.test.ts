import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TEMPLATE_CSV } from '../../../dashboard/src/features/batches/batch-template.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Preview {
  batch: { rows: number; valid: number; invalid: number; total: string };
  notes: Array<{ line: number; problems: unknown[] }>;
}

/** The upload page's template (made in the browser) is a file the upload takes as it is. */
describe.each(storeKinds)('the batch template on %s', (kind) => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    manager = await t.signInAs('manager');
  });
  afterAll(() => t.close());

  it('previews with every row valid', async () => {
    const response = await t.app.request('/api/rewards/batches?name=reward-batch-template.csv', {
      method: 'POST',
      headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie: manager, 'content-type': 'text/csv' },
      body: BATCH_TEMPLATE_CSV,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { batch, notes } = (await response.json()) as Preview;
    expect(batch).toMatchObject({ rows: 2, valid: 2, invalid: 0, total: '1.75' });
    expect(notes.filter((note) => note.problems.length > 0)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateWait } from '../../../bff/src/rewards/create-wait.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { openTestStore, storeKinds } from '../../support/test-store.ts';

/**
 * The platform's 429 wait on creates lives in the store: a second instance sharing it (here, a second
 * CreateWait over the same database, which is all an instance holds of it) waits too.
 */
describe.each(storeKinds)('the create wait on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('holds every instance until the longest wait the platform asked for has passed', async () => {
    const one = new CreateWait(store.db);
    const other = new CreateWait(store.db);
    expect(await other.remainingMs()).toBe(0);

    await one.holdFor(30_000);
    expect(await other.remainingMs()).toBeGreaterThan(25_000);
    expect(await other.remainingMs()).toBeLessThanOrEqual(30_000);

    // A shorter wait asked for later does not end the longer one.
    await other.holdFor(1_000);
    expect(await one.remainingMs()).toBeGreaterThan(25_000);

    // A wait that has passed holds nothing.
    await store.db.execute(`UPDATE settings SET value = jsonb_build_object('until', now() - interval '1 second') WHERE key = 'platform_create_wait'`);
    expect(await one.remainingMs()).toBe(0);
    await one.holdFor(2_000);
    expect(await other.remainingMs()).toBeGreaterThan(1_000);
  });
});

import type { TestApp } from './test-app.ts';

/** Whether the webhooks' reader has passed every event recorded so far. */
async function caughtUp(t: TestApp): Promise<boolean> {
  const [row] = await t.store.sql.rows<{ behind: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM events e, event_readers r WHERE r.name = 'webhooks' AND (r.tx IS NULL OR (e.tx, e.seq) > (r.tx, r.seq))) AS behind`);
  return row?.behind === false;
}

/**
 * Runs the webhook engine until every event recorded so far is fanned out and every attempt now due is
 * made. On PostgreSQL an event is read only once every transaction older than its own has ended, and
 * other test files' sessions share the database: one round may come too early for it.
 */
export async function deliverAll(t: TestApp): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await t.services.webhookEngine.tick();
    await t.services.webhookEngine.idle();
    if (await caughtUp(t)) break;
    if (Date.now() > deadline) throw new Error('the webhooks did not catch up with the event log within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await t.services.webhookEngine.tick();
  await t.services.webhookEngine.idle();
}

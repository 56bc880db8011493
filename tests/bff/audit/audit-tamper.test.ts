import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditProblem } from '../../../bff/src/audit/audit-chain.ts';
import type { AuditLog } from '../../../bff/src/audit/audit-log.ts';
import { verifyAuditChain } from '../../../bff/src/audit/audit-verify.ts';
import type { Store } from '../../../bff/src/store/database.ts';
import { openTestStore, storeKinds } from '../../support/test-store.ts';
import { appendMany, auditLogOn, forgedHash, forgedInsert, storedRows, tamper, type StoredRow } from './audit-fixtures.ts';

const ROWS = 10;

describe.each(storeKinds)('verify names the first row an attacker with SQL access touched (%s)', (kind) => {
  let store: Store;
  let audit: AuditLog;
  let rows: StoredRow[];
  const hashOf = (id: number) => rows[id - 1]?.hash ?? '';

  async function expectFault(id: number, problem: AuditProblem, message?: RegExp) {
    const verification = await audit.verify();
    expect(verification).toMatchObject({ intact: false, rows: expect.any(Number), firstBad: { id, problem } });
    if (message && !verification.intact) expect(verification.message).toMatch(message);
    // The same answer when the fault sits across page boundaries.
    expect(await verifyAuditChain(store.db, 3)).toEqual(verification);
  }

  // The intact log is written once and copied back before each attack.
  beforeAll(async () => {
    store = await openTestStore(kind);
    const log = auditLogOn(store);
    audit = log.audit;
    await appendMany(audit, log.clock, ROWS);
    rows = await storedRows(store);
    await store.sql.exec('CREATE TABLE intact_events AS SELECT * FROM audit_events; CREATE TABLE intact_head AS SELECT * FROM audit_head');
  });
  beforeEach(() =>
    tamper(
      store,
      `TRUNCATE audit_events; INSERT INTO audit_events SELECT * FROM intact_events;
       UPDATE audit_head SET last_id = intact_head.last_id, last_hash = intact_head.last_hash FROM intact_head`,
    ),
  );
  afterAll(() => store.close());

  it('finds the log intact before the attack', async () => {
    expect(await audit.verify()).toMatchObject({ intact: true, rows: ROWS });
  });

  describe('changed', () => {
    it("a row's outcome", async () => {
      await tamper(store, `UPDATE audit_events SET outcome = 'failed' WHERE id = 5`);
      await expectFault(5, 'changed', /^row 5 was changed: its content no longer matches its hash$/);
    });

    it("a row's details", async () => {
      await tamper(store, `UPDATE audit_events SET details = '{"note": "nothing happened"}' WHERE id = 5`);
      await expectFault(5, 'changed');
    });

    it("a row's time, by one microsecond", async () => {
      await tamper(store, `UPDATE audit_events SET at = at + interval '1 microsecond' WHERE id = 5`);
      await expectFault(5, 'changed');
    });

    it("a row's hash alone", async () => {
      await tamper(store, `UPDATE audit_events SET hash = repeat('a', 64) WHERE id = 5`);
      await expectFault(5, 'changed');
    });

    it('a row rewritten with a hash recomputed to match (row 6 still records the old one)', async () => {
      await tamper(store, `UPDATE audit_events SET outcome = 'failed', hash = '${forgedHash(5, hashOf(4), { outcome: 'failed' })}' WHERE id = 5`);
      await expectFault(5, 'changed', /row 6 records another hash for it/);
    });

    it('the newest row rewritten with a recomputed hash (the head still records the old one)', async () => {
      await tamper(store, `UPDATE audit_events SET outcome = 'failed', hash = '${forgedHash(ROWS, hashOf(ROWS - 1), { outcome: 'failed' })}' WHERE id = ${ROWS}`);
      await expectFault(ROWS, 'changed', /head records another hash/);
    });

    it('the head', async () => {
      await tamper(store, `UPDATE audit_head SET last_hash = repeat('b', 64)`);
      await expectFault(ROWS, 'changed');
    });
  });

  describe('removed', () => {
    it('a middle row', async () => {
      await tamper(store, 'DELETE FROM audit_events WHERE id = 5');
      await expectFault(5, 'removed', /^row 5 was removed: row 5 is missing/);
    });

    it('several middle rows', async () => {
      await tamper(store, 'DELETE FROM audit_events WHERE id BETWEEN 4 AND 6');
      await expectFault(4, 'removed', /rows 4 to 6 are missing/);
    });

    it('the first row', async () => {
      await tamper(store, 'DELETE FROM audit_events WHERE id = 1');
      await expectFault(1, 'removed');
    });

    it('the newest row (the head still counts it)', async () => {
      await tamper(store, `DELETE FROM audit_events WHERE id = ${ROWS}`);
      await expectFault(ROWS, 'removed', /head records row 10 as the newest/);
    });

    it('the newest rows', async () => {
      await tamper(store, `DELETE FROM audit_events WHERE id > 7`);
      await expectFault(8, 'removed', /rows 8 to 10 are missing/);
    });

    it('every row', async () => {
      await tamper(store, 'DELETE FROM audit_events');
      await expectFault(1, 'removed');
    });
  });

  describe('inserted', () => {
    it('a well-formed row after the newest, without moving the head', async () => {
      await tamper(store, forgedInsert(ROWS + 1, hashOf(ROWS), { action: 'payment.complete' }));
      await expectFault(ROWS + 1, 'inserted', /stands after the chain's head/);
    });

    it('a well-formed row in the middle, later rows moved up one id and the head moved', async () => {
      await tamper(
        store,
        `UPDATE audit_events SET id = -id WHERE id >= 5;
         UPDATE audit_events SET id = 1 - id WHERE id < 0;
         ${forgedInsert(5, hashOf(4), { action: 'payment.complete' })};
         UPDATE audit_head SET last_id = ${ROWS + 1}`,
      );
      await expectFault(5, 'inserted', /row 6 links straight to row 4/);
    });

    it('a row in the middle with a made-up link', async () => {
      await tamper(
        store,
        `UPDATE audit_events SET id = -id WHERE id >= 5;
         UPDATE audit_events SET id = 1 - id WHERE id < 0;
         ${forgedInsert(5, 'c'.repeat(64))};
         UPDATE audit_head SET last_id = ${ROWS + 1}`,
      );
      await expectFault(5, 'inserted');
    });

    it('a row before the first', async () => {
      await tamper(store, forgedInsert(0, '0'.repeat(64)));
      await expectFault(0, 'inserted', /row 1 links straight to the start of the chain/);
    });
  });

  it('names only the first of several faults', async () => {
    await tamper(store, `UPDATE audit_events SET outcome = 'failed' WHERE id = 7; DELETE FROM audit_events WHERE id = 3`);
    await expectFault(3, 'removed');
  });
});

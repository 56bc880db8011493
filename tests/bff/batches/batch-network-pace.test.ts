import { describe, expect, it } from 'vitest';
import type { BatchResultView } from '../../../bff/src/batches/batch-view.ts';
import { clearFaults, createUsers, faultsApplied, ledgerTransactions, setFaults, type Fault } from '../../support/emulator-control.ts';
import { ledgerSnapshot } from '../../support/ledger-audit.ts';
import { ledgerQueue, LEDGER_200_MS } from '../../support/paces.ts';
import { batchCsv, batchDiscrepancies, rowsNotIn, settled, waitForBatch } from '../../support/reward-batches.ts';
import { storeKinds } from '../../support/test-store.ts';
import { useBatchConsole, type RewardEvent } from '../support/batches.ts';

/** Short-lived envelopes, so that one held back in the network's queue is dead within seconds. */
const LIFETIME_SECONDS = 4;

/**
 * Batches at a ledger clock (200 ms ledgers, Horizon's 504 after 1 s), with transactions that Horizon
 * times out on while they still land, and one that never lands: each user is paid exactly once, as the
 * emulator's ledger counts payments and balances.
 */
describe.each(storeKinds)('a batch at 200 ms ledgers on %s', (kind) => {
  /** Pays a batch of one row per user under `faults`, and answers its rows with each row's timeline. */
  async function payBatch(batch: ReturnType<typeof useBatchConsole>, users: Array<{ uid: string; wallet_address: string }>, faults: Fault[], memo: string) {
    const { app, calls } = batch;
    const id = await calls.upload(batchCsv(users.map((user) => user.uid), '0.5', memo));
    const before = await ledgerSnapshot(app.emulator, users);
    await setFaults(app.emulator, faults);
    await calls.start(id);
    await waitForBatch(() => calls.get(id), settled, 150_000, async () => rowsNotIn(await calls.rows(id)).join('\n'));
    const fired = await faultsApplied(app.emulator);
    await clearFaults(app.emulator);
    const rows = await calls.rows(id);
    expect(await batchDiscrepancies(app.emulator, before, rows, users, ['completed'])).toEqual({ rows: [], ledger: [] });
    const timelines = await Promise.all(rows.map((row) => calls.events(row.rewardId ?? '')));
    return { rows, timelines, fired };
  }

  const signedIn = (events: RewardEvent[]) => events.filter((event) => event.step === 'signed');
  const name = (row: BatchResultView) => `line ${row.line} (uid ${row.uid})`;

  describe('with submissions that land after Horizon’s 504', () => {
    const batch = useBatchConsole(kind, { network: LEDGER_200_MS.network });

    it('pays each of 30 rows exactly once, sending the same envelope again until its ledger takes it', async () => {
      const users = await createUsers(batch.app.emulator, 30);
      // About half the submissions wait 8 ledgers (1.6 s) for theirs: longer than Horizon's 1 s wait, so
      // Horizon answers 504 and the transaction lands later, well inside its 60 s lifetime.
      const late: Fault = { route: 'POST /horizon/transactions', kind: 'late_inclusion', ledgers: 8, rate: 0.5 };
      const { rows, timelines, fired } = await payBatch(batch, users, [late], 'late inclusion');

      expect(fired[0], 'submissions held back').toBeGreaterThan(0);
      const signedOtherThanOnce = rows.flatMap((row, i) => {
        const signed = signedIn(timelines[i] ?? []);
        return signed.length === 1 ? [] : [`${name(row)} signed ${JSON.stringify(signed.map((event) => event.detail.hash))}`];
      });
      expect(signedOtherThanOnce, 'each row one envelope, sent again after each 504').toEqual([]);
      const waitedPast504 = timelines.filter((events) => events.some((event) => event.detail.code === 'awaiting_ledger'));
      expect(waitedPast504.length, 'rows that waited for their ledger past a 504').toBeGreaterThan(0);
    }, 200_000);
  });

  describe('with a transaction held back past its lifetime', () => {
    const batch = useBatchConsole(kind, { network: LEDGER_200_MS.network, transactionLifetimeSeconds: LIFETIME_SECONDS });

    it('lets the network drop a transaction held past its maxTime, builds a new one for its row, and pays each of 6 rows once', async () => {
      const users = await createUsers(batch.app.emulator, 6);
      // The first transaction waits far past its lifetime: the network drops it from its queue once a ledger closes past its maxTime.
      const held: Fault = { route: 'POST /horizon/transactions', kind: 'late_inclusion', ledgers: 1_000, times: 1 };
      const { rows, timelines, fired } = await payBatch(batch, users, [held], 'held back');
      expect(fired).toEqual([1]);

      // The held one is the first envelope sent, so numbered lowest (the lane sends in the order it numbers).
      const sequenceOf = new Map(timelines.flatMap((events) => signedIn(events).map((event) => [String(event.detail.hash), BigInt(String(event.detail.sequence))] as const)));
      const abandoned = rows
        .flatMap((row, i) => (timelines[i] ?? []).filter((event) => event.step === 'envelope_abandoned').map((event) => ({ row, hash: String(event.detail.hash), reason: String(event.detail.reason) })))
        .sort((a, b) => Number((sequenceOf.get(a.hash) ?? 0n) - (sequenceOf.get(b.hash) ?? 0n)));
      const [first] = abandoned;
      if (first === undefined) throw new Error('no envelope was abandoned');
      expect(sequenceOf.get(first.hash), `the held envelope ${first.hash} of ${name(first.row)}: the lowest numbered`).toBe([...sequenceOf.values()].reduce((a, b) => (a < b ? a : b)));
      // Dead by the network's clock: a ledger closed past its maxTime, or the network refused it as too late when it was sent again.
      expect(['expired', 'tx_too_late'], `why ${first.hash} of ${name(first.row)} was abandoned`).toContain(first.reason);
      expect(first.row.txid, `${name(first.row)} paid by a new transaction`).not.toBe(first.hash);

      const onLedger = new Set((await ledgerTransactions(batch.app.emulator)).map((tx) => tx.hash));
      for (const { row, hash } of abandoned) {
        expect(onLedger.has(hash), `abandoned ${hash} of ${name(row)} on the ledger`).toBe(false);
        expect((await fetch(`${batch.app.emulator.horizonUrl}/transactions/${hash}`)).status, `Horizon's answer for abandoned ${hash} of ${name(row)}`).toBe(404);
      }
      expect((await ledgerQueue(batch.app.emulator)).queued, 'transactions still waiting for a ledger').toEqual([]);
    }, 200_000);
  });
});

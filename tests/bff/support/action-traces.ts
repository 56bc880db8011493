import { control, ledgerTransactions } from '../../support/emulator-control.ts';
import type { TestApp } from './test-app.ts';

/** Every table an action can add a row to (audit_head holds one row, moved in place). */
const TABLES = [
  'staff',
  'sessions',
  'setup_tokens',
  'sign_in_failures',
  'audit_events',
  'settings',
  'payments',
  'payment_syncs',
  'payment_events',
  'api_keys',
  'ad_checks',
  'rewards',
  'reward_events',
  'reward_batches',
  'reward_batch_rows',
] as const;

/**
 * What an action leaves behind, counted: rows in the store (every change of state is audited too) and
 * the emulator's payments and ledger transactions. Equal counts before and after: nothing was done.
 */
export async function actionTraces(t: TestApp): Promise<Record<string, number>> {
  const [rows] = await t.store.sql.rows<Record<string, number>>(`SELECT ${TABLES.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(', ')}`);
  const { total } = await control<{ total: number }>(t.emulator, 'GET', '/payments?limit=1');
  return { ...rows, emulatorPayments: total, ledgerTransactions: (await ledgerTransactions(t.emulator)).length };
}

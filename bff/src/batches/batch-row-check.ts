import type { z } from 'zod';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { BatchRowNote } from '../store/schema.ts';
import type { CsvFile, CsvRecord } from './batch-csv-reader.ts';
import { newRewardSchema, requestHashOf, type NewReward } from '../rewards/reward-input.ts';

/** A row of an upload, checked: the reward it asks for when it has no problems. */
export interface CheckedRow {
  line: number;
  uid: string;
  amount: string;
  memo: string;
  metadata: Record<string, unknown> | null;
  problems: BatchRowNote[];
  warnings: BatchRowNote[];
}

export interface BatchTotals {
  rowCount: number;
  validCount: number;
  userCount: number;
  total: string;
  largest: string;
  duplicateRows: number;
  duplicateUsers: number;
  overCap: number;
}

const fields = newRewardSchema.shape;

/**
 * Checks every row on its own (each column against the single-reward rules, the per-reward cap) and
 * against the others: a row the same as an earlier one is not paid twice; a user on several rows is
 * paid each time, and flagged.
 */
export function checkBatchRows(file: CsvFile, perRewardCap: string | null): { rows: CheckedRow[]; totals: BatchTotals } {
  const firstLineOfRow = new Map<string, number>();
  const firstLineOfUser = new Map<string, number>();
  const duplicateUsers = new Set<string>();
  const users = new Set<string>();
  const cap = perRewardCap === null ? null : toScaled(perRewardCap);
  let total = 0n;
  let largest = 0n;
  let duplicateRows = 0;
  let overCap = 0;
  const rows = file.records.map((record) => {
    const row = checkCells(record, file.hasMetadata);
    const reward = row.problems.length === 0 ? rewardOf(row) : null;
    if (reward) {
      const units = toScaled(reward.amount);
      const hash = requestHashOf(reward);
      const sameRow = firstLineOfRow.get(hash);
      const sameUser = firstLineOfUser.get(reward.uid);
      if (cap !== null && units > cap) {
        overCap++;
        row.problems.push({ column: 'amount', message: `is over the per-reward cap of ${perRewardCap ?? ''}` });
      } else if (sameRow !== undefined) {
        duplicateRows++;
        row.problems.push({ column: null, message: `is the same row as line ${sameRow}; it is not paid twice` });
      } else {
        if (sameUser !== undefined) {
          duplicateUsers.add(reward.uid);
          row.warnings.push({ column: 'uid', message: `this user is also on line ${sameUser}; both rows are paid` });
        }
        firstLineOfRow.set(hash, row.line);
        firstLineOfUser.set(reward.uid, row.line);
        users.add(reward.uid);
        total += units;
        if (units > largest) largest = units;
      }
    }
    return row;
  });
  const validCount = rows.filter((row) => row.problems.length === 0).length;
  return {
    rows,
    totals: { rowCount: rows.length, validCount, userCount: users.size, total: fromScaled(total), largest: fromScaled(largest), duplicateRows, duplicateUsers: duplicateUsers.size, overCap },
  };
}

function checkCells({ line, cells: read }: CsvRecord, hasMetadata: boolean): CheckedRow {
  // The store cannot hold a NUL character; the row keeps a visible stand-in and is not paid.
  const cells = read.map((cell) => cell.replaceAll('\u0000', '\uFFFD'));
  const [uid = '', amount = '', memo = '', metadataText = ''] = cells;
  const row: CheckedRow = { line, uid, amount, memo, metadata: null, problems: [], warnings: [] };
  if (read.some((cell) => cell.includes('\u0000'))) row.problems.push({ column: null, message: 'contains a NUL character' });
  const expected = hasMetadata ? 4 : 3;
  if (cells.length !== expected) {
    row.problems.push({ column: null, message: `has ${cells.length} cells; the header has ${expected} (an amount like 1,5 must be written 1.5)` });
    return row;
  }
  const checked = { uid: check(row, { column: 'uid', schema: fields.uid, value: uid }), amount: check(row, { column: 'amount', schema: fields.amount, value: amount }), memo: check(row, { column: 'memo', schema: fields.memo, value: memo }) };
  const metadata = check(row, { column: 'metadata', schema: fields.metadata, value: parseJson(row, metadataText) });
  if (checked.uid !== undefined) row.uid = checked.uid;
  if (checked.amount !== undefined) row.amount = checked.amount;
  if (checked.memo !== undefined) row.memo = checked.memo;
  if (metadata !== undefined) row.metadata = metadata;
  return row;
}

function check<S extends z.ZodType>(row: CheckedRow, { column, schema, value }: { column: string; schema: S; value: unknown }): z.output<S> | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  row.problems.push({ column, message: result.error.issues[0]?.message ?? 'is not valid' });
  return undefined;
}

/** The metadata cell: empty for none, or a JSON object. */
function parseJson(row: CheckedRow, text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    row.problems.push({ column: 'metadata', message: 'is not JSON (write an object such as {"campaign":"spring"}, or leave it empty)' });
    return undefined;
  }
}

function rewardOf(row: CheckedRow): NewReward {
  return { uid: row.uid, amount: row.amount, memo: row.memo, metadata: row.metadata ?? {} };
}

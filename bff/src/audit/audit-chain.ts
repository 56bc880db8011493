import { GENESIS_HASH, hashAuditRow, type AuditRowContent } from './audit-hash.ts';

export type AuditProblem = 'changed' | 'removed' | 'inserted';

export interface ChainFault {
  id: number;
  problem: AuditProblem;
  message: string;
}

export type ChainRow = AuditRowContent & { hash: string };

/** What stands before the first row. */
export const GENESIS = { id: 0, hash: GENESIS_HASH };

/**
 * The head as the last link of the chain: it records the newest row's id and hash the way a next row
 * would (`id` is where that next row would stand).
 */
export interface HeadLink {
  kind: 'head';
  id: number;
  prevHash: string;
}

export function headLink(head: { lastId: number; lastHash: string }): HeadLink {
  return { kind: 'head', id: head.lastId + 1, prevHash: head.lastHash };
}

export type Link = ChainRow | HeadLink;

export const isHead = (link: Link): link is HeadLink => 'kind' in link;

/**
 * Judges `row`, given the last row before it that checked out (`before`) and the link after it. Every
 * row records its predecessor's hash, so the prev_hash values keep a copy of the original order that
 * editing one row cannot change. In this order:
 * - a gap in ids where the link is broken: rows were removed;
 * - the next link records `before` as its predecessor: the chain skips `row`, so it was inserted;
 * - `row`'s content no longer gives its hash: `row` was changed;
 * - `row` is sound but records another hash for `before`: `before` was rewritten along with its hash.
 */
export function judgeLink(before: { id: number; hash: string }, row: Link, after: Link | undefined): ChainFault | undefined {
  const linked = row.prevHash === before.hash;
  if (!linked && row.id > before.id + 1) return removed(before.id + 1, row);
  if (isHead(row)) {
    return linked ? undefined : changed(before.id, "the chain's head records another hash for it (or the head itself was changed)");
  }
  if (after && after.prevHash === before.hash) {
    const next = isHead(after) ? "the chain's head" : `row ${after.id}`;
    const previous = before.id === GENESIS.id ? 'the start of the chain' : `row ${before.id}`;
    return { id: row.id, problem: 'inserted', message: `row ${row.id} was inserted: ${next} links straight to ${previous}` };
  }
  if (hashAuditRow(row) !== row.hash) return changed(row.id, 'its content no longer matches its hash');
  if (!linked) {
    return before.id === GENESIS.id
      ? changed(row.id, 'it records a predecessor, but it is the first row')
      : changed(before.id, `row ${row.id} records another hash for it`);
  }
  if (row.id !== before.id + 1) return changed(row.id, `its id was changed (it follows row ${before.id})`);
  return undefined;
}

function changed(id: number, why: string): ChainFault {
  return { id, problem: 'changed', message: `row ${id} was changed: ${why}` };
}

function removed(first: number, row: Link): ChainFault {
  const last = row.id - 1;
  const which = first === last ? `row ${first} is missing` : `rows ${first} to ${last} are missing`;
  const where = isHead(row) ? `the chain's head records row ${last} as the newest` : `row ${row.id} does not follow the row before it`;
  return { id: first, problem: 'removed', message: `row ${first} was removed: ${which} (${where})` };
}

export function insertedPastHead(row: ChainRow, headId: number): ChainFault {
  return { id: row.id, problem: 'inserted', message: `row ${row.id} was inserted: it stands after the chain's head (row ${headId})` };
}

import { and, asc, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { auditEvents, auditHead } from '../store/schema.ts';
import { GENESIS, headLink, insertedPastHead, isHead, judgeLink, type AuditProblem, type ChainFault, type ChainRow, type Link } from './audit-chain.ts';

export type AuditVerification =
  | { intact: true; rows: number; head: { id: number; hash: string } }
  | { intact: false; rows: number; firstBad: { id: number; problem: AuditProblem }; message: string };

interface Snapshot {
  lastId: number;
  lastHash: string;
  maxId: number;
  rows: number;
}

const PAGE_SIZE = 2_000;

/** Walks the whole chain in id order, a page at a time, and names the first row that is not as written. */
export async function verifyAuditChain(db: Database, pageSize = PAGE_SIZE): Promise<AuditVerification> {
  const snapshot = await readSnapshot(db);
  const rows = rowsUpTo(db, Math.max(snapshot.lastId, snapshot.maxId), pageSize);
  const fault = await firstFault(links(rows, snapshot), snapshot.lastId);
  if (!fault) return { intact: true, rows: snapshot.rows, head: { id: snapshot.lastId, hash: snapshot.lastHash } };
  return { intact: false, rows: snapshot.rows, firstBad: { id: fault.id, problem: fault.problem }, message: fault.message };
}

/**
 * The head and the table in one statement, so one snapshot: rows appended while the walk runs stand
 * after both and are left out, instead of looking like rows past the head.
 */
async function readSnapshot(db: Database): Promise<Snapshot> {
  const [snapshot] = await db
    .select({
      lastId: auditHead.lastId,
      lastHash: auditHead.lastHash,
      maxId: sql<number>`(SELECT coalesce(max(id), 0) FROM audit_events)`.mapWith(Number),
      rows: sql<number>`(SELECT count(*) FROM audit_events)`.mapWith(Number),
    })
    .from(auditHead);
  if (!snapshot) throw new Error('audit_head has no row: the store is not migrated');
  return snapshot;
}

async function firstFault(chain: AsyncIterable<Link>, headId: number): Promise<ChainFault | undefined> {
  let before = GENESIS;
  const iterator = chain[Symbol.asyncIterator]();
  let current = await iterator.next();
  while (!current.done) {
    const link = current.value;
    const next = await iterator.next();
    if (!isHead(link) && link.id > headId) return insertedPastHead(link, headId);
    const fault = judgeLink(before, link, next.done ? undefined : next.value);
    if (fault) return fault;
    if (!isHead(link)) before = link;
    current = next;
  }
  return undefined;
}

/** The rows in id order with the head in its place: after the rows it covers, before any past it. */
async function* links(rows: AsyncIterable<ChainRow>, head: Snapshot): AsyncGenerator<Link> {
  let headPlaced = false;
  for await (const row of rows) {
    if (!headPlaced && row.id > head.lastId) {
      headPlaced = true;
      yield headLink(head);
    }
    yield row;
  }
  if (!headPlaced) yield headLink(head);
}

const chainColumns = {
  id: auditEvents.id,
  // As stored, to the microsecond: a Date would hide an edit below the millisecond.
  at: sql<string>`to_char(${auditEvents.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  actorRole: auditEvents.actorRole,
  clientIp: auditEvents.clientIp,
  requestId: auditEvents.requestId,
  action: auditEvents.action,
  target: auditEvents.target,
  outcome: auditEvents.outcome,
  upstreamStatus: auditEvents.upstreamStatus,
  upstreamCode: auditEvents.upstreamCode,
  details: auditEvents.details,
  prevHash: auditEvents.prevHash,
  hash: auditEvents.hash,
};

async function* rowsUpTo(db: Database, lastId: number, pageSize: number): AsyncGenerator<ChainRow> {
  // No lower bound on the first page: a forged row may carry an id of 0 or less.
  let after: number | undefined;
  for (;;) {
    const upTo = lte(auditEvents.id, lastId);
    const page = await db
      .select(chainColumns)
      .from(auditEvents)
      .where(after === undefined ? upTo : and(gt(auditEvents.id, after), upTo))
      .orderBy(asc(auditEvents.id))
      .limit(pageSize);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.id;
  }
}

/** A broken chain as the event `audit.chain_broken` carries it. Its schema is public-api/operations-schemas.ts. */
export interface PublicChainBreak {
  /** The first row that is not as written, and how: changed, removed, or inserted. */
  firstBad: { id: number; problem: AuditProblem };
  message: string;
  /** The rows the verification walked. */
  rows: number;
  checkedAt: string;
}

export function publicChainBreakOf(verification: Extract<AuditVerification, { intact: false }>, checkedAt: Date): PublicChainBreak {
  return { firstBad: verification.firstBad, message: verification.message, rows: verification.rows, checkedAt: checkedAt.toISOString() };
}

import { and, asc, desc, eq, gte, ilike, like, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Role } from '../domain/roles.ts';
import type { Database } from '../store/database.ts';
import { escapeLike } from '../store/like-pattern.ts';
import { decodePageCursor, encodePageCursor } from '../store/page-cursor.ts';
import { auditEvents } from '../store/schema.ts';
import type { AuditOutcome } from './audit-entry.ts';

export interface AuditFilters {
  /** Part of the actor's email, any case. */
  actor?: string;
  /** An exact action, or a prefix ending in `*` (`payment.*`); several, separated by commas, match any of them. */
  action?: string;
  /** Part of the target. */
  target?: string;
  outcome?: AuditOutcome;
  /** From this time on (inclusive). */
  from?: Date;
  /** Before this time (exclusive). */
  to?: Date;
}

export interface AuditPageRequest {
  /** `nextCursor` of the page before; none for the newest page. */
  cursor?: string;
  /** 1 to 200. */
  limit?: number;
}

export interface AuditEventView {
  id: number;
  at: string;
  /** A staff member, or an API key (`role: 'api_key'`, its name as `email`). */
  actor: { id: string; email: string; role: Role | 'api_key' } | null;
  clientIp: string | null;
  requestId: string | null;
  action: string;
  target: string | null;
  outcome: AuditOutcome;
  upstream: { status: number | null; code: string } | null;
  details: Record<string, unknown>;
}

export interface AuditEventPage {
  events: AuditEventView[];
  nextCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** A cursor names the last row of a page by its id. */
const cursorParts = z.tuple([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]);

/** One page, newest first; a page stays put while rows are appended, since they only come before it. */
export async function queryAuditEvents(db: Database, filters: AuditFilters, page: AuditPageRequest = {}): Promise<AuditEventPage> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const beforeId = page.cursor === undefined ? undefined : decodePageCursor(page.cursor, cursorParts)[0];
  const rows = await selectNewestFirst(db, filters, beforeId, limit + 1);
  const events = rows.slice(0, limit);
  const last = events.at(-1);
  return { events, nextCursor: rows.length > limit && last ? encodePageCursor([last.id]) : null };
}

/** Every matching row, newest first, a page at a time (for exports of any size). */
export async function* auditEventPages(db: Database, filters: AuditFilters, pageSize: number): AsyncGenerator<AuditEventView[]> {
  let beforeId: number | undefined;
  for (;;) {
    const page = await selectNewestFirst(db, filters, beforeId, pageSize);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    beforeId = last.id;
  }
}

async function selectNewestFirst(db: Database, filters: AuditFilters, beforeId: number | undefined, limit: number): Promise<AuditEventView[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions(filters), beforeId === undefined ? undefined : lt(auditEvents.id, beforeId)))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return rows.map(auditEventView);
}

/** Events with an `unknown` outcome that no later event names in `details.settles`, oldest first. */
export async function queryUnsettledEvents(db: Database): Promise<AuditEventView[]> {
  const settling = alias(auditEvents, 'settling');
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.outcome, 'unknown'),
        notExists(db.select({ id: settling.id }).from(settling).where(sql`${settling.details}->>'settles' = ${auditEvents.id}::text`)),
      ),
    )
    .orderBy(asc(auditEvents.id));
  return rows.map(auditEventView);
}

function conditions(filters: AuditFilters): (SQL | undefined)[] {
  const { actor, action, target, outcome, from, to } = filters;
  return [
    actor ? ilike(auditEvents.actorEmail, `%${escapeLike(actor)}%`) : undefined,
    action ? actionCondition(action) : undefined,
    target ? like(auditEvents.target, `%${escapeLike(target)}%`) : undefined,
    outcome ? eq(auditEvents.outcome, outcome) : undefined,
    from ? gte(auditEvents.at, from) : undefined,
    to ? lt(auditEvents.at, to) : undefined,
  ];
}

function actionCondition(actions: string): SQL | undefined {
  const terms = actions
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '');
  return or(...terms.map((term) => (term.endsWith('*') ? like(auditEvents.action, `${escapeLike(term.slice(0, -1))}%`) : eq(auditEvents.action, term))));
}

/** A stored audit row as the console's pages read it. */
export function auditEventView(row: typeof auditEvents.$inferSelect): AuditEventView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? '', role: row.actorRole as Role | 'api_key' },
    clientIp: row.clientIp,
    requestId: row.requestId,
    action: row.action,
    target: row.target,
    outcome: row.outcome as AuditOutcome,
    upstream: row.upstreamCode === null ? null : { status: row.upstreamStatus, code: row.upstreamCode },
    details: row.details,
  };
}

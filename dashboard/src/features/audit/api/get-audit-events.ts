import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import type { Role } from '../../../lib/roles.ts';
import { auditFilterParams, type AuditFilters, type AuditOutcome } from '../audit-filters.ts';
import { auditKeys } from './audit-keys.ts';

export interface AuditEvent {
  id: number;
  at: string;
  actor: { id: string; email: string; role: Role } | null;
  clientIp: string | null;
  requestId: string | null;
  action: string;
  target: string | null;
  outcome: AuditOutcome;
  upstream: { status: number | null; code: string } | null;
  details: Record<string, unknown>;
}

export interface AuditEventPage {
  events: AuditEvent[];
  /** Hands out the next, older page; null on the last one. */
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

export function getAuditEvents(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditEventPage> {
  const query = auditFilterParams(filters);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(AUDIT_PAGE_SIZE));
  return readJson<AuditEventPage>(apiRequest('GET', '/audit', { query, signal }));
}

/** At module scope, so React Query keeps the flattened rows until a page arrives. */
const allEvents = (data: InfiniteData<AuditEventPage, string | null>) => data.pages.flatMap((page) => page.events);

/** Newest first; each "Load more" fetches the page after the last row shown. */
export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: allEvents,
  });

export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery(auditEventsQueryOptions(filters));
}

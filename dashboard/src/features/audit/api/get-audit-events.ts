import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { auditFilterParams, type AuditFilters } from '../audit-filters.ts';
import { auditKeys } from './audit-keys.ts';

export type AuditEventPage = InferResponseType<typeof api.audit.$get>;

/** One audit row. */
export type AuditEvent = AuditEventPage['events'][number];

export const AUDIT_PAGE_SIZE = 50;

/** A page's `nextCursor` hands out the next, older page; it is null on the last one. */
export function getAuditEvents(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditEventPage> {
  const query = auditFilterParams(filters);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(AUDIT_PAGE_SIZE));
  return readJson(api.audit.$get({ query: Object.fromEntries(query) }, { init: { signal } }));
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

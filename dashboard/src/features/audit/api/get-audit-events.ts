import { useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { cursorListQuery } from '../../../lib/cursor-list-query.ts';
import { auditFilterParams, type AuditFilters } from '../audit-filters.ts';
import { auditKeys } from './audit-keys.ts';

export type AuditEventPage = InferResponseType<typeof api.audit.$get>;

/** One audit row. */
export type AuditEvent = AuditEventPage['events'][number];

const auditEventList = cursorListQuery({
  read: (query, signal) => readJson(api.audit.$get({ query }, { init: { signal } })),
  rows: (page: AuditEventPage) => page.events,
});

/** Newest first. */
export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery(auditEventList(auditKeys.list(filters), auditFilterParams(filters)));
}

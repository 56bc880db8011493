import { useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { cursorListQuery } from '../../../lib/cursor-list-query.ts';
import { adCheckFilterParams, type AdCheckFilters } from '../ad-check-filters.ts';
import { adCheckKeys } from './ad-check-keys.ts';

export type AdCheckPage = InferResponseType<typeof api.ads.checks.$get>;

const adCheckList = cursorListQuery({
  read: (query, signal) => readJson(api.ads.checks.$get({ query }, { init: { signal } })),
  rows: (page: AdCheckPage) => page.checks,
});

/** Newest first. */
export function useAdChecks(filters: AdCheckFilters) {
  return useInfiniteQuery(adCheckList(adCheckKeys.list(filters), adCheckFilterParams(filters)));
}

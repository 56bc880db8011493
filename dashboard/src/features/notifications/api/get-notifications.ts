import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

const listRoute = api.notifications;

/** The newest notifications of the signed-in staff member, and how many of all theirs are unread. */
export type NotificationsPage = InferResponseType<(typeof listRoute)['$get']>;
export type StaffNotification = NotificationsPage['notifications'][number];

/** Events arrive while the console is open; the bell reads again as often as the other counts in the shell do. */
export const NOTIFICATIONS_REFRESH_MS = 10_000;

export const latestNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) => readJson(listRoute.$get({ query: {} }, { init: { signal } })),
    staleTime: 0,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export function useLatestNotifications() {
  return useQuery(latestNotificationsQueryOptions());
}

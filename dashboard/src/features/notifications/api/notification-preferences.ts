import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { notificationKeys } from './notification-keys.ts';

const preferencesRoute = api.me['notification-preferences'];
export type NotificationPreferences = InferResponseType<(typeof preferencesRoute)['$get']>;
export type NewNotificationPreferences = InferRequestType<(typeof preferencesRoute)['$put']>['json'];

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => readJson(preferencesRoute.$get(undefined, { init: { signal } })),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export function useSetNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NewNotificationPreferences) => readJson(preferencesRoute.$put({ json: preferences })),
    onSuccess: (saved) => {
      client.setQueryData(notificationKeys.preferences(), saved);
      showToast('Notification settings saved.');
    },
  });
}

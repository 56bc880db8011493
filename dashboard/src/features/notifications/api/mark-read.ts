import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { NotificationsPage } from './get-notifications.ts';
import { notificationKeys } from './notification-keys.ts';

type Which = { ids: string[] } | { all: true };

/** Marks notifications read; the bell shows them read at once, and the server's count when it answers. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: Which) => readJson(api.notifications.read.$post({ json: which })),
    onMutate: (which) => {
      const now = new Date().toISOString();
      client.setQueryData<NotificationsPage>(notificationKeys.latest(), (page) =>
        page && {
          ...page,
          notifications: page.notifications.map((item) => ('all' in which || which.ids.includes(item.id) ? { ...item, readAt: item.readAt ?? now } : item)),
        },
      );
    },
    onSuccess: ({ unread }) => client.setQueryData<NotificationsPage>(notificationKeys.latest(), (page) => page && { ...page, unread }),
    onError: () => client.invalidateQueries({ queryKey: notificationKeys.latest() }),
  });
}

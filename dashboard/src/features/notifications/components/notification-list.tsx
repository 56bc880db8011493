import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time.tsx';
import type { StaffNotification } from '../api/get-notifications.ts';

interface NotificationListProps {
  notifications: StaffNotification[];
  /** A notification was opened: it is read, and the panel may close. */
  onOpen: (notification: StaffNotification) => void;
}

/** Notifications, newest first: each a link to its object's page, unread ones marked. */
export function NotificationList({ notifications, onOpen }: NotificationListProps) {
  return (
    <ul className="max-h-[min(28rem,calc(100vh-8rem))] divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
      {notifications.map((notification) => {
        const unread = notification.readAt === null;
        return (
          <li key={notification.id}>
            <Link
              to={notification.link}
              onClick={() => onOpen(notification)}
              className="flex gap-2 rounded-md px-2 py-2 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
            >
              <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-transparent'}`} />
              <span className="min-w-0 flex-1">
                <span className={`block text-sm ${unread ? 'font-semibold text-zinc-900 dark:text-zinc-50' : 'text-zinc-700 dark:text-zinc-300'}`}>
                  {unread && <span className="sr-only">Unread: </span>}
                  {notification.title}
                </span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{notification.body}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-500">
                  <RelativeTime iso={notification.at} />
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

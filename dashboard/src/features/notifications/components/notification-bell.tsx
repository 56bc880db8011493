import { Link } from 'react-router-dom';
import { BellIcon } from '../../../components/icons.tsx';
import { Popover } from '../../../components/popover.tsx';
import { useLatestNotifications } from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { NotificationList } from './notification-list.tsx';

const linkClasses = 'text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300';

/** The bell in the top bar: how many notifications are unread, and the newest of them, each leading to its object. */
export function NotificationBell() {
  const latest = useLatestNotifications();
  const markRead = useMarkRead();
  const unread = latest.data?.unread ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);

  return (
    <Popover
      label="Notifications"
      align="right"
      buttonLabel={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      buttonClassName="relative rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      panelClassName="w-[min(24rem,calc(100vw-1.5rem))]"
      trigger={
        <>
          <BellIcon />
          {unread > 0 && (
            <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white">
              {shown}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <div className="space-y-1">
          <div className="flex items-center justify-between gap-2 px-2 pt-1">
            <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Notifications</p>
            {unread > 0 && (
              <button type="button" className={linkClasses} onClick={() => markRead.mutate({ all: true })}>
                Mark all read
              </button>
            )}
          </div>
          {latest.isError ? (
            <p role="alert" className="px-2 py-3 text-sm text-red-700 dark:text-red-400">{`Notifications could not be read: ${latest.error.message}`}</p>
          ) : latest.data && latest.data.notifications.length > 0 ? (
            <NotificationList
              notifications={latest.data.notifications}
              onOpen={(notification) => {
                if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
                close();
              }}
            />
          ) : (
            <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">{latest.isPending ? 'Reading notifications…' : 'Nothing yet. What you are notified of is on your account page.'}</p>
          )}
          <div className="border-t border-zinc-100 px-2 pt-2 pb-1 dark:border-zinc-800">
            <Link to="/account#notifications" onClick={close} className={linkClasses}>
              Choose what you are notified of
            </Link>
          </div>
        </div>
      )}
    </Popover>
  );
}

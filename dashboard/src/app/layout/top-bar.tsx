import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { PaymentSearch } from '../../features/payments/components/payment-search.tsx';
import { UpstreamStatus } from '../../features/system/components/upstream-status.tsx';
import { useCan } from '../../lib/access.ts';
import { ThemeToggle } from '../theme/theme-toggle.tsx';
import { TimeZoneToggle } from './time-zone-toggle.tsx';

export function TopBar() {
  const canSearch = useCan('payments:read');
  return (
    <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-zinc-200 bg-white/90 px-3 backdrop-blur sm:gap-4 sm:px-6 dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="min-w-48 flex-1">{canSearch && <PaymentSearch />}</div>
      <UpstreamStatus />
      <div className="flex shrink-0 items-center gap-1 border-l border-zinc-200 pl-2 sm:pl-3 dark:border-zinc-800">
        <TimeZoneToggle />
        <ThemeToggle />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}

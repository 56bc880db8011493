import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { PaymentSearch } from '../../features/payments/components/payment-search.tsx';
import { UpstreamStatus } from '../../features/system/components/upstream-status.tsx';
import { useCan } from '../../lib/access.ts';
import { ThemeToggle } from '../theme/theme-toggle.tsx';

export function TopBar() {
  const canSearch = useCan('payments:read');
  return (
    <header className="sticky top-0 z-10 flex h-14 items-center gap-4 border-b border-zinc-200 bg-white/90 px-6 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="min-w-0 flex-1">{canSearch && <PaymentSearch />}</div>
      <UpstreamStatus />
      <div className="flex items-center gap-1 border-l border-zinc-200 pl-3 dark:border-zinc-800">
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}

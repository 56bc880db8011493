import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SandboxBanner } from '../../features/system/components/sandbox-banner.tsx';
import { UpstreamStatus } from '../../features/system/components/upstream-status.tsx';
import { ThemeToggle } from '../theme/theme-toggle.tsx';
import { Brand } from './brand.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/** Around a page without the console's navigation: signing in, setting up, or what must be done first. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <SkipLink />
      <SandboxBanner />
      <header className="flex h-14 items-center gap-4 border-b border-zinc-200 bg-white px-6 dark:border-zinc-800 dark:bg-zinc-900/40">
        <Brand />
        <div className="flex-1" />
        <UpstreamStatus />
        <ThemeToggle />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-12 outline-none sm:py-20">
        {children}
      </main>
    </div>
  );
}

/** Around the pages for staff who are not signed in: sign-in and first-password setup. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

import { Outlet } from 'react-router-dom';
import { ToastRegion } from '../../components/toast-region.tsx';
import { SecondFactorDueBanner } from '../../features/account/components/second-factor-due-banner.tsx';
import { StepUpDialog } from '../../features/auth/components/step-up-dialog.tsx';
import { SandboxBanner } from '../../features/system/components/sandbox-banner.tsx';
import { Sidebar } from './sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';

export function AppLayout() {
  return (
    <div className="flex h-dvh flex-col">
      <SkipLink />
      <SandboxBanner />
      <SecondFactorDueBanner />
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col overflow-y-auto">
          <TopBar />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-3 py-6 outline-none sm:px-6">
            <Outlet />
          </main>
        </div>
      </div>
      <ToastRegion />
      <StepUpDialog />
    </div>
  );
}

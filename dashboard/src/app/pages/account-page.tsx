import { PageHeader } from '../../components/page-header.tsx';
import { NotificationPreferencesSection } from '../../features/notifications/components/notification-preferences-section.tsx';
import { roleLabels } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.ts';

/** The signed-in staff member's own page: who they are, and their own settings, each section from its feature. */
export function AccountPage() {
  const session = useSession();
  const staff = session.data?.status === 'signed-in' ? session.data.staff : null;
  return (
    <>
      <PageHeader title="Your account" description={staff ? `${staff.name} · ${staff.email} · ${roleLabels[staff.role]}` : 'Your own settings.'} />
      <div className="space-y-10">
        <NotificationPreferencesSection />
      </div>
    </>
  );
}

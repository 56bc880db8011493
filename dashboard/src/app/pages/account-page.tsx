import { PageHeader } from '../../components/page-header.tsx';
import { AuthenticatorSection } from '../../features/account/components/authenticator-section.tsx';
import { SessionsSection } from '../../features/account/components/sessions-section.tsx';
import { PasswordSection } from '../../features/auth/components/password-section.tsx';
import { PasskeysSection } from '../../features/passkeys/components/passkeys-section.tsx';
import { NotificationPreferencesSection } from '../../features/notifications/components/notification-preferences-section.tsx';
import { useSession } from '../../lib/session.ts';

/** The signed-in member's own page: how they sign in (password, second factor, where they are signed in) and what they are told of. */
export function AccountPage() {
  const session = useSession();
  if (session.data?.status !== 'signed-in') return null;
  const { staff, secondFactor } = session.data;
  return (
    <>
      <PageHeader title="Your account" description={`How ${staff.email} signs in, where you are signed in now, and what the console tells you of.`} />
      <div className="space-y-10">
        <PasswordSection email={staff.email} />
        <AuthenticatorSection email={staff.email} status={secondFactor} />
        <PasskeysSection />
        <SessionsSection />
        <NotificationPreferencesSection />
      </div>
    </>
  );
}

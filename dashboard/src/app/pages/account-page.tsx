import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { AuthenticatorSection } from '../../features/account/components/authenticator-section.tsx';
import { SessionsSection } from '../../features/account/components/sessions-section.tsx';
import { PasswordSection } from '../../features/auth/components/password-section.tsx';

/** The signed-in member's own sign-in: password, second factor, and the browsers they are signed in on. */
export function AccountPage() {
  const session = useSession();
  if (session.data?.status !== 'signed-in') return null;
  const { staff, secondFactor } = session.data;
  return (
    <>
      <PageHeader title="Your account" description={`How ${staff.email} signs in: the password, a second factor, and where you are signed in now.`} />
      <div className="space-y-10">
        <PasswordSection email={staff.email} />
        <AuthenticatorSection email={staff.email} status={secondFactor} />
        <SessionsSection />
      </div>
    </>
  );
}

import { PageHeader } from '../../components/page-header.tsx';
import { PasskeysSection } from '../../features/passkeys/components/passkeys-section.tsx';
import { useSession } from '../../lib/session.ts';

/** The signed-in member's own sign-in: their passkeys. */
export function AccountPage() {
  const session = useSession();
  if (session.data?.status !== 'signed-in') return null;
  return (
    <>
      <PageHeader title="Your account" description={`How ${session.data.staff.email} signs in.`} />
      <div className="space-y-10">
        <PasskeysSection />
      </div>
    </>
  );
}

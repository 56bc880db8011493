import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

/** The member's password, on their account page: changing it keeps this session and ends their others. */
export function PasswordSection({ email }: { email: string }) {
  const [changing, setChanging] = useState(false);
  return (
    <PageSection title="Password" description="The password you sign in with, before your second factor. Changing it signs you out everywhere else.">
      <Button onClick={() => setChanging(true)}>Change password</Button>
      {changing && <ChangePasswordDialog email={email} onClose={() => setChanging(false)} />}
    </PageSection>
  );
}

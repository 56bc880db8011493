import { useSearchParams } from 'react-router-dom';
import { Notice } from '../../../components/notice.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { SetupForm } from '../components/setup-form.tsx';

/** `/setup?token=…`, the one-time link an admin hands a new staff member. */
export function SetupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthCard title="Choose your password" description="This link works once and for 24 hours after your account was created.">
      {token ? <SetupForm token={token} /> : <Notice>This setup link is incomplete. Copy the whole link from the message an admin sent you.</Notice>}
    </AuthCard>
  );
}

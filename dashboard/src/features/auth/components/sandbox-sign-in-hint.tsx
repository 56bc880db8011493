import { Notice } from '../../../components/notice.tsx';
import { useMeta } from '../../../lib/meta.ts';

/** In sandbox mode, where to find the demo accounts: the server prints them when it starts. */
export function SandboxSignInHint() {
  const meta = useMeta();
  if (meta.data?.mode !== 'sandbox') return null;
  return (
    <Notice>
      Sandbox: the demo accounts (one per role) and their shared password are printed in the terminal that started the console, in the lines
      starting “Sandbox staff” and “Sandbox password”.
    </Notice>
  );
}

import { Badge } from '../../../components/badge.tsx';
import { useMeta } from '../../../lib/meta.ts';

export function SandboxBanner() {
  const meta = useMeta();
  if (meta.data?.mode !== 'sandbox') return null;

  return (
    <section
      aria-label="Sandbox mode"
      className="flex items-center justify-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <Badge tone="warning">Sandbox</Badge>
      <p>The data comes from the bundled Platform API emulator. No real money moves.</p>
    </section>
  );
}

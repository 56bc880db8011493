import { Link } from 'react-router-dom';
import { auditTargetPath } from '../audit-target-path.ts';

const code = 'font-mono text-xs block max-w-48 truncate';

/** What an event was done to, on one line (in full on hover), linked to its page when the console has one. */
export function AuditTarget({ target }: { target: string | null }) {
  if (target === null) return <span className={`${code} text-zinc-500 dark:text-zinc-400`}>none</span>;
  const path = auditTargetPath(target);
  if (!path) return <span className={code} title={target}>{target}</span>;
  return (
    <Link to={path} title={target} className={`${code} text-indigo-700 hover:underline dark:text-indigo-300`}>
      {target}
    </Link>
  );
}

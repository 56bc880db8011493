import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { paymentPath } from '../../../components/payment/payment-path.ts';
import type { UserStaffAction } from '../api/get-user.ts';

const outcomeTones: Record<string, BadgeTone> = { ok: 'success', denied: 'warning', refused: 'warning', failed: 'danger' };
const cell = 'px-3 py-1.5 align-top';

/** Where the console shows an action's target: the payment's or the reward's page. */
function targetPath(target: string): string | null {
  const [kind, id] = target.split(':');
  if (!id) return null;
  if (kind === 'payment') return paymentPath(id);
  if (kind === 'reward') return `/rewards/${encodeURIComponent(id)}`;
  return null;
}

function Target({ target }: { target: string | null }) {
  if (!target) return null;
  const path = targetPath(target);
  return path ? (
    <Link to={path} className="font-mono text-xs break-all text-indigo-700 hover:underline dark:text-indigo-300">
      {target}
    </Link>
  ) : (
    <span className="font-mono text-xs break-all">{target}</span>
  );
}

/** What staff did to the user's payments and rewards, newest first, with the outcome of each. */
export function UserStaffActions({ actions }: { actions: readonly UserStaffAction[] }) {
  if (actions.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No staff action on this user&rsquo;s payments or rewards yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-label="Staff actions" className="min-w-full text-sm">
        <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>Time</th>
            <th scope="col" className={cell}>Action</th>
            <th scope="col" className={cell}>On</th>
            <th scope="col" className={cell}>Outcome</th>
            <th scope="col" className={cell}>By</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
          {actions.map((action) => (
            <tr key={action.id}>
              <td className={cell}>
                <DateTime iso={action.at} />
              </td>
              <td className={`${cell} font-mono text-xs`}>{action.action}</td>
              <td className={cell}>
                <Target target={action.target} />
              </td>
              <td className={cell}>
                <Badge tone={outcomeTones[action.outcome] ?? 'neutral'}>{action.upstreamCode ? `${action.outcome} (${action.upstreamCode})` : action.outcome}</Badge>
              </td>
              <td className={cell}>{action.actor ?? 'system'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

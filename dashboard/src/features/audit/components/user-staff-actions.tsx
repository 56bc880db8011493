import { RelativeTime } from '../../../components/relative-time.tsx';
import type { AuditEvent } from '../api/get-audit-events.ts';
import { EventSentence } from './event-sentence.tsx';
import { OutcomeBadge } from './outcome-badge.tsx';

const cell = 'px-3 py-1.5 align-top';

/** What staff did to the user's payments and rewards, newest first, each as the audit log words it, with its outcome. */
export function UserStaffActions({ actions }: { actions: readonly AuditEvent[] }) {
  if (actions.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No staff action on this user&rsquo;s payments or rewards yet.</p>;
  return (
    <table aria-label="Staff actions" className="w-full text-sm">
      <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
        <tr>
          <th scope="col" className={cell}>Time</th>
          <th scope="col" className={cell}>What happened</th>
          <th scope="col" className={cell}>Outcome</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
        {actions.map((action) => (
          <tr key={action.id}>
            <td className={`${cell} whitespace-nowrap`}>
              <RelativeTime iso={action.at} />
            </td>
            <td className={cell}>
              <EventSentence event={action} />
            </td>
            <td className={cell}>
              <OutcomeBadge outcome={action.outcome} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

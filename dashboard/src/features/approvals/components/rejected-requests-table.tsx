import { DateTime } from '../../../components/date-time.tsx';
import type { AwaitingItem } from '../../../display/approval/awaiting-approval.ts';
import { AwaitingItemLink } from './awaiting-item-link.tsx';

const cell = 'px-3 py-1.5 align-top';

/** The signed-in staff member's requests that someone rejected lately: who, when and why. */
export function RejectedRequestsTable({ items }: { items: readonly AwaitingItem[] }) {
  return (
    <div className="overflow-x-auto">
      <table aria-label="Your requests that were rejected" className="min-w-full text-sm">
        <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>What</th>
            <th scope="col" className={cell}>Amount</th>
            <th scope="col" className={cell}>Rejected by</th>
            <th scope="col" className={cell}>Reason</th>
            <th scope="col" className={cell}>Rejected</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
          {items.map((item) => (
            <tr key={`${item.kind}:${item.id}`}>
              <td className={`${cell} break-all`}>
                <AwaitingItemLink item={item} />
              </td>
              <td className={`${cell} tabular-nums`}>{item.amount}</td>
              <td className={cell}>{item.rejection ? (item.rejection.by.email ?? item.rejection.by.id) : ''}</td>
              <td className={`${cell} max-w-md break-words`}>{item.rejection?.reason}</td>
              <td className={cell}>{item.rejection && <DateTime iso={item.rejection.at} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

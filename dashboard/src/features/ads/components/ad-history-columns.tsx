import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { DateTime } from '../../../components/date-time.tsx';
import { adCheckResultWords, adCheckInWords, type AdCheckView } from '../ad-check-words.ts';
import { AdCheckVerdict, AdTime } from './ad-check-cells.tsx';
import { RecheckButton } from './recheck-button.tsx';

const column = dataTableColumnHelper<AdCheckView>();

export const adHistoryColumns = column.columns([
  column.accessor('checkedAt', { header: 'Checked', cell: (info) => <DateTime iso={info.getValue()} /> }),
  column.accessor('adId', { header: 'Ad id', cell: (info) => <span className="font-mono text-xs break-all">{info.getValue()}</span> }),
  column.accessor('result', { header: 'Result', cell: (info) => adCheckResultWords[info.getValue()] }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => adCheckInWords(row.original) }),
  column.accessor('grantedAt', { header: 'Granted', cell: (info) => <AdTime iso={info.getValue()} /> }),
  column.accessor('revokedAt', { header: 'Revoked', cell: (info) => <AdTime iso={info.getValue()} /> }),
  column.display({ id: 'verdict', header: 'Verdict', cell: ({ row }) => <AdCheckVerdict check={row.original} /> }),
  column.accessor('checkedBy', { header: 'By', cell: (info) => info.getValue() ?? <span className="text-zinc-500 dark:text-zinc-400">unknown</span> }),
  column.display({ id: 'recheck', header: () => <span className="sr-only">Re-check</span>, cell: ({ row }) => <RecheckButton adId={row.original.adId} /> }),
]);

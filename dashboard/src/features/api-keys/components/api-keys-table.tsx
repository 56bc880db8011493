import { dataTableColumnHelper } from '../../../components/data-table/data-table-columns.ts';
import { QueryDataTable } from '../../../components/data-table/query-data-table.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useApiKeys, type ApiKey } from '../api/get-api-keys.ts';
import { scopeSentences } from '../scope-words.ts';
import { ApiKeyActions } from './api-key-actions.tsx';
import { ApiKeyStatus } from './api-key-status.tsx';

const column = dataTableColumnHelper<ApiKey>();
const muted = 'text-zinc-500 dark:text-zinc-400';
const secondLine = `block text-xs ${muted}`;

const columns = column.columns([
  column.display({
    id: 'key',
    header: 'Key',
    cell: ({ row: { original: key } }) => (
      <span className="block max-w-44">
        <span className="block truncate font-medium" title={key.name}>
          {key.name}
        </span>
        <span className={`${secondLine} font-mono whitespace-nowrap`}>{key.hint}</span>
      </span>
    ),
  }),
  column.accessor('scopes', {
    header: 'Scopes',
    cell: (info) => (
      <ul className="flex max-w-44 flex-wrap gap-1">
        {info.getValue().map((scope) => (
          <li key={scope} title={scopeSentences[scope]} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {scope}
          </li>
        ))}
      </ul>
    ),
  }),
  column.display({
    id: 'created',
    header: 'Created',
    cell: ({ row: { original: key } }) => (
      <span className="block">
        <RelativeTime iso={key.createdAt} />
        <span className={`${secondLine} max-w-32 truncate`} title={key.createdBy?.email}>
          {key.createdBy ? `by ${key.createdBy.name}` : 'by someone no longer on staff'}
        </span>
      </span>
    ),
  }),
  column.display({
    id: 'lastUsed',
    header: 'Last used',
    cell: ({ row: { original: key } }) =>
      key.lastUsedAt ? (
        <span className="block">
          <RelativeTime iso={key.lastUsedAt} />
          {key.lastUsedIp && (
            <span className={`${secondLine} max-w-36 truncate font-mono`} title={key.lastUsedIp}>
              from {key.lastUsedIp}
            </span>
          )}
        </span>
      ) : (
        <span className={muted}>never</span>
      ),
  }),
  column.accessor('expiresAt', {
    header: 'Expires',
    cell: (info) => {
      const at = info.getValue();
      return at ? <RelativeTime iso={at} /> : <span className={muted}>never</span>;
    },
  }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => <ApiKeyStatus apiKey={row.original} /> }),
  column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => <ApiKeyActions apiKey={row.original} /> }),
]);

const idOf = (key: ApiKey) => key.id;

export function ApiKeysTable() {
  return <QueryDataTable label="API keys" columns={columns} query={useApiKeys()} getRowId={idOf} empty="No API keys yet." />;
}

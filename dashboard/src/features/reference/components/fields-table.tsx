import type { ApiField, ApiParameter } from '../api-operations.ts';
import { CodeWords } from './code-words.tsx';

const cell = 'px-3 py-1.5 align-top';

/** The fields of a body, or an operation's parameters (with where each goes). */
export function FieldsTable({ label, fields }: { label: string; fields: readonly (ApiField | ApiParameter)[] }) {
  const located = fields.some((field) => 'location' in field);
  return (
    <table aria-label={label} className="w-full text-sm">
      <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
        <tr>
          <th scope="col" className={cell}>Name</th>
          {located && <th scope="col" className={cell}>In</th>}
          <th scope="col" className={cell}>Type</th>
          <th scope="col" className={cell}>Required</th>
          <th scope="col" className={cell}>Description</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
        {fields.map((field) => (
          <tr key={`${'location' in field ? field.location : ''} ${field.name}`}>
            <th scope="row" className={`${cell} text-left font-mono text-xs font-medium whitespace-nowrap text-zinc-900 dark:text-zinc-100`}>
              {field.name}
            </th>
            {located && <td className={`${cell} whitespace-nowrap`}>{'location' in field ? field.location : ''}</td>}
            <td className={`${cell} font-mono text-xs whitespace-nowrap`}>{field.type}</td>
            <td className={`${cell} whitespace-nowrap`}>{field.required ? 'Yes' : 'No'}</td>
            <td className={`${cell} max-w-prose text-zinc-700 dark:text-zinc-300`}>
              {field.description && (
                <p>
                  <CodeWords text={field.description} />
                </p>
              )}
              {field.rules.length > 0 && <p className="text-xs break-words text-zinc-500 dark:text-zinc-400">{field.rules.join('; ')}</p>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

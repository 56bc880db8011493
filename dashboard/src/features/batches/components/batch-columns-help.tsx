import { BATCH_COLUMNS, MAX_BATCH_CSV_BYTES, MAX_BATCH_ROWS, type BatchColumn } from '../../../../../common/batch-csv.ts';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { MAX_MEMO_LENGTH, MAX_METADATA_BYTES, MAX_UID_LENGTH } from '../../../../../common/limits.ts';
import { useNetwork } from '../../../display/wallet/use-network.ts';

const cell = 'px-3 py-1.5 align-top';

function columnWords(network: string | null): Record<BatchColumn, { needed: string; words: string }> {
  return {
    uid: { needed: 'Required', words: `The platform's uid of the user to pay, at most ${MAX_UID_LENGTH} characters.` },
    amount: {
      needed: 'Required',
      words: `${network ? `In ${network}: greater` : 'Greater'} than 0, at most 7 decimal places, with a point and no thousands separator, e.g. ${amountWithCurrency('1.25', network)}.`,
    },
    memo: { needed: 'Required', words: `The user sees it with the payment; at most ${MAX_MEMO_LENGTH} characters.` },
    metadata: { needed: 'Optional', words: `A JSON object kept with the payment, at most ${MAX_METADATA_BYTES.toLocaleString('en')} bytes. Leave the cell empty, or the whole column out.` },
  };
}

/** What the upload takes: the columns, in order, and the file's limits. */
export function BatchColumnsHelp() {
  const words = columnWords(useNetwork());
  return (
    <div className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p>
        {`The first line is the header, ${BATCH_COLUMNS.slice(0, 3).join(',')} or ${BATCH_COLUMNS.join(',')}; then one row per reward. UTF-8 text, at most ${MAX_BATCH_ROWS.toLocaleString('en')} rows and ${MAX_BATCH_CSV_BYTES / 1024 / 1024} MiB. Put a cell that holds a comma, a quote or a line break in double quotes, and double the quotes inside it.`}
      </p>
      <table aria-label="Columns of the file" className="text-sm">
        <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>Column</th>
            <th scope="col" className={cell}>Needed</th>
            <th scope="col" className={cell}>What it holds</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
          {BATCH_COLUMNS.map((column) => (
            <tr key={column}>
              <th scope="row" className={`${cell} text-left font-mono text-xs font-medium`}>{column}</th>
              <td className={cell}>{words[column].needed}</td>
              <td className={`${cell} max-w-prose`}>{words[column].words}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

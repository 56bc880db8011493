import { FieldRow } from './field-row.tsx';

/** An amount exactly as the server sent it, with a line on what it is. */
export function AmountFigure({ label, amount, words }: { label: string; amount: string; words: string }) {
  return (
    <FieldRow label={label}>
      <span className="font-mono tabular-nums">{amount}</span>
      <p className="mt-0.5 max-w-prose text-xs text-zinc-500 dark:text-zinc-400">{words}</p>
    </FieldRow>
  );
}

import { Button } from '../../../components/button.tsx';

interface ClearToolbarProps {
  selected: number;
  listed: number;
  /** While a clearing runs, no other starts. */
  running: boolean;
  onClearSelected: () => void;
  onClearAll: () => void;
}

/** "Clear selected" and "Clear all"; each opens a dry run before anything changes. */
export function ClearToolbar({ selected, listed, running, onClearSelected, onClearAll }: ClearToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="primary" onClick={onClearSelected} disabled={running || selected === 0}>
        Clear selected
      </Button>
      <Button onClick={onClearAll} disabled={running || listed === 0}>
        Clear all
      </Button>
      <p aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
        {selected === 0 ? 'Select payments to clear them, or clear all.' : `${selected} selected.`}
      </p>
    </div>
  );
}

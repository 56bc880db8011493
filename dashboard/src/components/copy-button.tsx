import { useEffect, useState } from 'react';
import { Button } from './button.tsx';

const copyMessages = { idle: '', copied: 'Copied', failed: 'Could not copy; select the text and copy it by hand' } as const;

/** Copies `text` to the clipboard; `state` says how it went for 2 s, then is idle again. */
export function useCopy(text: string) {
  const [state, setState] = useState<keyof typeof copyMessages>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);

  // The clipboard is missing outside secure contexts, so a synchronous throw counts as a failure too.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return { state, copy: () => void copy() };
}

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { state, copy } = useCopy(text);
  return (
    <span className="inline-flex items-center gap-2">
      <Button onClick={copy} aria-label={label}>
        Copy
      </Button>
      <span role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
        {copyMessages[state]}
      </span>
    </span>
  );
}

import { CopyButton } from './copy-button.tsx';

/** An id or address in full, in monospace, with a button that copies it. */
export function CopyableText({ text, label }: { text: string; label: string }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-xs break-all">{text}</span>
      <CopyButton text={text} label={label} />
    </span>
  );
}

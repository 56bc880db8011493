import type { ReactNode } from 'react';

// Keys, strings, numbers and literals of JSON.stringify's output; everything else is punctuation.
const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

const tokenClasses = {
  key: 'text-indigo-700 dark:text-indigo-300',
  string: 'text-emerald-800 dark:text-emerald-300',
  number: 'text-amber-800 dark:text-amber-300',
  literal: 'text-fuchsia-800 dark:text-fuchsia-300',
} as const;

function highlighted(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, string, colon, number, literal] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const kind = string !== undefined ? (colon ? 'key' : 'string') : number !== undefined ? 'number' : 'literal';
    const shown = string ?? number ?? literal ?? whole;
    parts.push(
      <span key={match.index} className={tokenClasses[kind]}>
        {shown}
      </span>,
    );
    if (colon) parts.push(colon);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** A value as formatted, lightly coloured JSON; the text is exactly what JSON.stringify gives, so it copies cleanly. */
export function JsonViewer({ value, label }: { value: unknown; label: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 ring-1 ring-zinc-200 ring-inset dark:bg-zinc-900 dark:text-zinc-200 dark:ring-zinc-800"
    >
      {highlighted(text)}
    </pre>
  );
}

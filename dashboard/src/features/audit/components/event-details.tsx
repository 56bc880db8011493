/** The event's details as formatted JSON, folded away until asked for; long values wrap, never clipped. */
export function EventDetails({ details }: { details: Record<string, unknown> }) {
  const fields = Object.keys(details).length;
  if (fields === 0) return <span className="text-zinc-500 dark:text-zinc-400">none</span>;
  return (
    <details className="open:w-72">
      <summary className="cursor-pointer text-xs whitespace-nowrap text-indigo-700 dark:text-indigo-300">{fields === 1 ? '1 field' : `${fields} fields`}</summary>
      <pre className="mt-1 rounded whitespace-pre-wrap break-all bg-zinc-50 p-2 font-mono text-xs text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
        {JSON.stringify(details, null, 2)}
      </pre>
    </details>
  );
}

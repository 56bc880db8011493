/** Text whose `backticked` words are code, as the OpenAPI document writes them. */
export function CodeWords({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-zinc-100 px-1 font-mono text-[0.85em] dark:bg-zinc-800">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** The page's heading and one line on what it is for; also sets the document title. */
export function PageHeader({ title, description }: { title: string; description: string }) {
  return (
    <header className="mb-6 border-b border-zinc-200 pb-4 dark:border-zinc-800">
      <title>{`${title} · Plat Console`}</title>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
      <p className="mt-1 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
    </header>
  );
}

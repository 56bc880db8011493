/** A plain download link: the export is a GET with the same filters (and sort) as the table it sits over. */
export function ExportCsvLink({ path, params, filtered }: { path: string; params: URLSearchParams; filtered: boolean }) {
  const search = params.toString();
  return (
    <a
      href={search ? `${path}?${search}` : path}
      download
      className="inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800"
    >
      {filtered ? 'Export these rows as CSV' : 'Export all rows as CSV'}
    </a>
  );
}

export function Brand() {
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className="grid size-6 place-items-center rounded-md bg-indigo-600 text-xs font-bold text-white">
        P
      </span>
      <span className="text-sm font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Plat Console</span>
    </div>
  );
}

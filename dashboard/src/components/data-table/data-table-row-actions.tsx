import { DropdownMenu, type DropdownMenuItem } from '../menu/dropdown-menu.tsx';

/** A row's menu of what the staff member may do to it, behind a "⋯" button named for the row. */
export function DataTableRowActions({ label, items }: { label: string; items: DropdownMenuItem[] }) {
  return (
    <DropdownMenu
      trigger={
        <>
          <span aria-hidden="true" className="px-1 text-base leading-none">
            ⋯
          </span>
          <span className="sr-only">{label}</span>
        </>
      }
      items={items}
    />
  );
}

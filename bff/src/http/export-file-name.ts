/** A file name for an export: what it is, when, and whether it is filtered. */
export function exportFileName(what: string, filtered: boolean, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${what}-${stamp}${filtered ? '-filtered' : ''}.csv`;
}

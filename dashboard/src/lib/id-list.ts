/**
 * The ids in pasted text or an uploaded .txt/.csv file: one per line or separated by commas (or
 * semicolons, tabs, spaces), quotes around them removed, blanks and repeats dropped, order kept.
 */
export function parseIdList(text: string): string[] {
  const ids = text
    .split(/[\s,;]+/)
    .map((part) => part.replace(/^["']+|["']+$/g, ''))
    .filter((part) => part.length > 0);
  return [...new Set(ids)];
}

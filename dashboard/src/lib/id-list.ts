/**
 * Every entry of pasted text or an uploaded .txt/.csv file, as the box's hint says: one per line or
 * separated by commas. Spaces inside a line are part of the entry (the server says if that cannot be an
 * id); spaces and quotes around it are removed and blanks dropped.
 */
export function idEntries(text: string): string[] {
  return text
    .split(/[\r\n,]+/)
    .map((part) => part.trim().replace(/^["']+|["']+$/g, ''))
    .filter((part) => part.length > 0);
}

/** The ids that will be sent: the entries without repeats, order kept. */
export function parseIdList(text: string): string[] {
  return [...new Set(idEntries(text))];
}

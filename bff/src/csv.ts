export type CsvCell = string | number | boolean | null;
export type CsvColumns<T> = ReadonlyArray<readonly [name: string, cell: (row: T) => CsvCell]>;

// A spreadsheet runs a cell that starts like a formula; the apostrophe makes it text (OWASP, CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * RFC 4180 CSV, one chunk per page of rows. The header comes with the first page, so that the first
 * chunk is the proof that the rows can be read.
 */
export async function* csvDocument<T>(columns: CsvColumns<T>, pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  let header = csvLine(columns.map(([name]) => name));
  for await (const page of pages) {
    yield header + page.map((row) => csvLine(columns.map(([, cell]) => cell(row)))).join('');
    header = '';
  }
  if (header) yield header;
}

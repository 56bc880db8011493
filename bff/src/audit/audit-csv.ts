import type { AuditEventView } from './audit-query.ts';

type Cell = string | number | null;

const COLUMNS: readonly [string, (event: AuditEventView) => Cell][] = [
  ['id', (event) => event.id],
  ['at', (event) => event.at],
  ['actor_email', (event) => event.actor?.email ?? null],
  ['actor_role', (event) => event.actor?.role ?? null],
  ['actor_id', (event) => event.actor?.id ?? null],
  ['client_ip', (event) => event.clientIp],
  ['request_id', (event) => event.requestId],
  ['action', (event) => event.action],
  ['target', (event) => event.target],
  ['outcome', (event) => event.outcome],
  ['upstream_status', (event) => event.upstream?.status ?? null],
  ['upstream_code', (event) => event.upstream?.code ?? null],
  ['details', (event) => JSON.stringify(event.details)],
];

// A spreadsheet runs a cell that starts like a formula; the apostrophe makes it text (OWASP, CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** RFC 4180 CSV: the header, then one chunk per page of events. */
export async function* auditCsv(pages: AsyncIterable<AuditEventView[]>): AsyncGenerator<string> {
  yield csvLine(COLUMNS.map(([name]) => name));
  for await (const page of pages) {
    yield page.map((event) => csvLine(COLUMNS.map(([, cell]) => cell(event)))).join('');
  }
}

import { Readable } from 'node:stream';
import { TextDecoderStream, type ReadableStream as WebReadableStream } from 'node:stream/web';
import { CsvError, parse } from 'csv-parse';
import { BATCH_COLUMNS, MAX_BATCH_ROWS } from '../../../common/batch-csv.ts';
import { refusal } from '../domain/refusal.ts';

/** A valid row is far smaller (uid 200, memo 500, metadata 4 KiB): a larger one is refused before it is held whole. */
const MAX_RECORD_BYTES = 16 * 1024;

const HEADER_HELP = 'The first line must be the header uid,amount,memo (and optionally ,metadata).';

/** One data row as read: the line it starts on, and its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvFile {
  hasMetadata: boolean;
  records: CsvRecord[];
}

/**
 * Reads an uploaded batch with csv-parse as it streams in: strict UTF-8 (a BOM is dropped), the
 * header checked, rows counted. What makes the whole file unreadable is refused with the line it
 * happened on; what is wrong with a single row is left for the row check.
 */
export async function readBatchCsv(body: ReadableStream<Uint8Array> | null): Promise<CsvFile> {
  if (!body) throw fileRefusal('empty_file', `The file is empty. ${HEADER_HELP}`);
  const text = (body as WebReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream('utf-8', { fatal: true }));
  const source = Readable.fromWeb(text);
  const parser = parse({ info: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_BYTES, trim: false });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  let header: string[] | null = null;
  const records: CsvRecord[] = [];
  let endedOn = 0;
  let emptyLines = 0;
  let overcounted = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; empty_lines: number } }>) {
      const line = endedOn + 1 + (info.empty_lines - emptyLines);
      // csv-parse counts a CRLF inside a quoted cell as two lines.
      overcounted += record.reduce((count, cell) => count + (cell.match(/\r\n/g)?.length ?? 0), 0);
      endedOn = info.lines - overcounted;
      emptyLines = info.empty_lines;
      if (!header) {
        header = checkHeader(record);
        continue;
      }
      if (records.length === MAX_BATCH_ROWS) throw fileRefusal('too_many_rows', `A batch holds at most ${MAX_BATCH_ROWS.toLocaleString('en')} rows; this file has more (line ${line} is row ${MAX_BATCH_ROWS + 1}). Split it into several batches.`);
      records.push({ line, cells: record });
    }
  } catch (error) {
    source.destroy();
    throw asFileRefusal(error);
  }
  if (!header) throw fileRefusal('empty_file', `The file is empty. ${HEADER_HELP}`);
  if (records.length === 0) throw fileRefusal('no_rows', 'The file has a header but no rows.');
  return { hasMetadata: header.length === 4, records };
}

function checkHeader(record: string[]): string[] {
  const names = record.map((name) => name.trim().toLowerCase());
  const expected = BATCH_COLUMNS.slice(0, names.length);
  if ((names.length === 3 || names.length === 4) && names.every((name, i) => name === expected[i])) return names;
  const found = record.join(',').slice(0, 100);
  throw fileRefusal('bad_header', `${HEADER_HELP} Line 1 is "${found}".`);
}

function asFileRefusal(error: unknown): unknown {
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines;
    const where = line ? ` at line ${line}` : '';
    if (error.code === 'CSV_MAX_RECORD_SIZE') return fileRefusal('row_too_large', `A row is larger than ${MAX_RECORD_BYTES / 1024} KiB${where}; no valid row is that large.`);
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') return fileRefusal('unclosed_quote', `A quoted cell is never closed${where}.`);
    return fileRefusal('unreadable_csv', `The file is not valid CSV${where}: ${error.message}`);
  }
  if (error instanceof TypeError && /decode|encoded/i.test(error.message)) return fileRefusal('not_utf8', 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.');
  return error;
}

function fileRefusal(code: string, message: string) {
  return refusal('invalid_input', code, message);
}

/** A reward batch file, as the server reads it (bff/src/batches/batch-csv-reader.ts) and the upload page explains it. */

/** The header's columns, in this order; the last one (metadata) may be left out. */
export const BATCH_COLUMNS = ['uid', 'amount', 'memo', 'metadata'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

export const MAX_BATCH_ROWS = 50_000;
/** The largest request body the upload route takes; larger ones are refused with 413. */
export const MAX_BATCH_CSV_BYTES = 16 * 1024 * 1024;

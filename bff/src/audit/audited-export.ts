import { summarizeError } from '../error-summary.ts';
import type { AuditEntry } from './audit-entry.ts';
import type { AuditLog } from './audit-log.ts';

/**
 * An export's chunks, audited by what happened: an `ok` row once the first chunk is read (before
 * anything is sent), and a `failed` row when reading stops with an error, before or after that.
 */
export async function* auditedExport(audit: AuditLog, entry: Omit<AuditEntry, 'outcome'>, chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let sentChunks = 0;
  try {
    for await (const chunk of chunks) {
      if (sentChunks === 0) await audit.append({ ...entry, outcome: 'ok' });
      sentChunks += 1;
      yield chunk;
    }
    if (sentChunks === 0) await audit.append({ ...entry, outcome: 'ok' });
  } catch (error) {
    const summary = error instanceof Error ? summarizeError(error) : { name: 'unknown', message: String(error) };
    await audit.append({ ...entry, outcome: 'failed', details: { ...entry.details, sentChunks, error: summary } });
    throw error;
  }
}

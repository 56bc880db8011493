/** Newline-delimited JSON, one line per value: for long work whose progress the SPA shows as it comes. */
export async function* ndjsonLines(values: AsyncIterable<unknown>): AsyncGenerator<string> {
  for await (const value of values) yield `${JSON.stringify(value)}\n`;
}

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/**
 * The progress protocol of bulk work: `start` with the total, one `result` per item as it finishes,
 * any `note`s, then `done` with the count of each result (or `error` when the work broke off).
 */
export async function* progressEvents<R extends { result: string }>(
  total: number,
  results: AsyncIterable<R | { note: string }>,
): AsyncGenerator<Record<string, unknown>> {
  const counts: Record<string, number> = {};
  yield { type: 'start', total };
  try {
    for await (const item of results) {
      if ('note' in item) {
        yield { type: 'note', note: item.note };
        continue;
      }
      counts[item.result] = (counts[item.result] ?? 0) + 1;
      yield { type: 'result', ...item };
    }
  } catch (error) {
    // The 200 is sent already: the failure becomes the last line, and what was done stays reported.
    yield { type: 'error', message: error instanceof Error ? error.message : 'the work stopped', counts };
    return;
  }
  yield { type: 'done', counts };
}

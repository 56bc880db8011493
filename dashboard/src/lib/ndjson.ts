/**
 * The lines of a newline-delimited JSON body, parsed one at a time as they arrive, so a long
 * answer can drive a progress bar. A last line without a newline still counts. A reader that
 * stops early cancels the body, so the server stops sending. Each line is taken to be a `Line`,
 * as a JSON answer is taken to be what its route says.
 */
export async function* readNdjson<Line = unknown>(body: ReadableStream<Uint8Array>): AsyncGenerator<Line> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = done ? '' : (lines.pop() ?? '');
      for (const line of lines) if (line.trim() !== '') yield JSON.parse(line) as Line;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

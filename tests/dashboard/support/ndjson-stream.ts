/** A response body the test writes to line by line, as the server streams NDJSON. */
export function ndjsonStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    /** The answer to the request that starts the run. */
    response() {
      return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
    },
    /** Sends raw text, so a line can be split across chunks. */
    sendText(text: string) {
      controller?.enqueue(encoder.encode(text));
    },
    send(line: unknown) {
      controller?.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
    },
    close() {
      controller?.close();
    },
  };
}

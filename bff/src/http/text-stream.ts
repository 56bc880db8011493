import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * A streamed text answer, pulled a chunk at a time so that a slow client slows the reading instead
 * of filling memory. The first chunk is read before the status goes out, so a failure to begin is an
 * ordinary error answer. A failure after that is logged and cuts the transfer short (no final chunk),
 * so the client sees a failed download, never a complete-looking file.
 */
export async function streamText(c: Context<AppEnv>, chunks: AsyncIterable<string>, headers: Record<string, string>) {
  const iterator = chunks[Symbol.asyncIterator]();
  let first: IteratorResult<string> | null = await iterator.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = first ?? (await iterator.next());
        first = null;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        c.get('logger').error('stream failed', { requestId: c.get('requestId'), path: c.req.path, error });
        cutShort(c, controller);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return c.body(body, 200, headers);
}

function cutShort(c: Context<AppEnv>, controller: ReadableStreamDefaultController<Uint8Array>): void {
  // Over HTTP, destroying the response ends the connection without the last chunk; the Node adapter
  // would otherwise print an errored stream to stderr. In-process (tests), the body errors.
  const outgoing = (c.env as AppEnv['Bindings'] | undefined)?.outgoing;
  if (outgoing) outgoing.destroy();
  else controller.error(new Error('The stream failed; the answer is incomplete.'));
}

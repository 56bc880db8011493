import { startBenchChild } from './child-process.ts';
import type { TimedGet, TimedGetAnswer } from './http-client-child.ts';

export interface HttpClientProcess {
  /** Milliseconds the child took for `GET origin+path` (request sent to body read); throws unless 200. */
  timeGet(origin: string, path: string, headers: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

/** Starts the timing HTTP client in a child process (see http-client-child.ts). */
export async function startHttpClientProcess(): Promise<HttpClientProcess> {
  const { child, close } = await startBenchChild<'ready'>(new URL('./http-client-child.ts', import.meta.url));
  const waiting = new Map<number, { resolve(ms: number): void; reject(error: Error): void }>();
  child.on('message', (answer: TimedGetAnswer) => {
    const waiter = waiting.get(answer.n);
    waiting.delete(answer.n);
    if ('error' in answer) waiter?.reject(new Error(answer.error));
    else waiter?.resolve(answer.ms);
  });
  let next = 0;
  return {
    timeGet: (origin, path, headers) =>
      new Promise<number>((resolve, reject) => {
        const request: TimedGet = { n: next++, origin, path, headers };
        waiting.set(request.n, { resolve, reject });
        child.send(request);
      }),
    close,
  };
}

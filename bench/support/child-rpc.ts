import type { ChildProcess } from 'node:child_process';

interface Call {
  n: number;
  method: string;
  argument: unknown;
}

type Reply = { n: number; value: unknown } | { n: number; error: string };

/** Child side: answers each call from the parent with its handler's result (or its error). */
export function serveCalls(handlers: Record<string, (argument: never) => unknown>): void {
  process.on('message', (message: Call) => {
    const handler = handlers[message.method];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`no method ${message.method}`);
        return handler(message.argument as never);
      })
      .then(
        (value: unknown) => process.send?.({ n: message.n, value } satisfies Reply),
        (error: unknown) => process.send?.({ n: message.n, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Reply),
      );
  });
}

/** Parent side: calls a method of a child that serves calls, and waits for its answer. */
export function callerOf(child: ChildProcess): <T>(method: string, argument?: unknown) => Promise<T> {
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on('message', (reply: Reply) => {
    const waiter = waiting.get(reply.n);
    if (!waiter) return;
    waiting.delete(reply.n);
    if ('error' in reply) waiter.reject(new Error(reply.error));
    else waiter.resolve(reply.value);
  });
  let next = 0;
  return <T>(method: string, argument?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const n = next++;
      waiting.set(n, { resolve: (value) => resolve(value as T), reject });
      child.send({ n, method, argument } satisfies Call);
    });
}

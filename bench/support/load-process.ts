import { startBenchChild } from './child-process.ts';
import { callerOf } from './child-rpc.ts';
import type { LoadResult, LoadRun } from './load-child.ts';

export interface LoadProcess {
  run(load: LoadRun): Promise<LoadResult>;
  close(): Promise<void>;
}

/** Starts the load generator in a child process (see load-child.ts). */
export async function startLoadProcess(): Promise<LoadProcess> {
  const { child, close } = await startBenchChild<'ready'>(new URL('./load-child.ts', import.meta.url));
  const call = callerOf(child);
  return { run: (load) => call<LoadResult>('run', load), close };
}

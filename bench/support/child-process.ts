import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BenchChild<Ready> {
  child: ChildProcess;
  /** The first message the child sent: it is ready. */
  ready: Ready;
  /** Stops the child (SIGTERM) and waits for it to exit. */
  close(): Promise<void>;
}

/**
 * Starts a bench/support/*-child.ts file with tsx in its own process (`env` added to ours, `execArgv`
 * to node's arguments) and waits for its first message.
 */
export async function startBenchChild<Ready>(file: URL, env: Record<string, string> = {}, execArgv: string[] = []): Promise<BenchChild<Ready>> {
  const exitWithParent = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));
  const child = fork(fileURLToPath(file), [], { execArgv: [...execArgv, '--import', 'tsx', '--import', exitWithParent], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`${file.pathname} exited before it was ready (code ${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    ready,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../bff/src/project-root.ts';
import { CONSOLE_NODE_ARGS, consoleEnv } from '../../scripts/console-runtime.mjs';
import { buildServer } from '../../scripts/server-build.mjs';

export interface BenchChild<Ready> {
  child: ChildProcess;
  /** The first message the child sent: it is ready. */
  ready: Ready;
  /** Stops the child (SIGTERM) and waits for it to exit. */
  close(): Promise<void>;
}

export interface ChildOptions {
  /** Added to ours. */
  env?: Record<string, string>;
  /** Node's arguments. */
  execArgv?: string[];
  /**
   * Bundled into plain JavaScript first and run without tsx, with the console's Node arguments and
   * environment, as `npm start` runs the console (scripts/server-build.mjs, scripts/console-runtime.mjs);
   * the child then imports exit-with-parent.ts itself.
   */
  built?: boolean;
}

/**
 * Starts a bench/support/*-child.ts file in its own process, with tsx unless `built`, and waits for
 * its first message.
 */
export async function startBenchChild<Ready>(file: URL, options: ChildOptions = {}): Promise<BenchChild<Ready>> {
  const { env = {}, execArgv = [], built = false } = options;
  const source = fileURLToPath(file);
  const script = built ? await buildServer(path.relative(PROJECT_ROOT, source), `.data/bench-build/${path.basename(source, '.ts')}.mjs`) : source;
  const runtime = built ? CONSOLE_NODE_ARGS : ['--import', 'tsx', '--import', fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url))];
  const childEnv = { ...process.env, ...env };
  const child = fork(script, [], { execArgv: [...execArgv, ...runtime], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: built ? consoleEnv(childEnv) : childEnv });
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

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** The one way tests start a process: Node on a script of the repository, its output collected. */
export interface NodeProcess {
  pid: number;
  /** stdout and stderr as they came. */
  output(): string;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `name` unless the process has already ended, and waits for its end. */
  signal(name: NodeJS.Signals): Promise<void>;
  /** Sends `name` unless the process has already ended, without waiting. */
  send(name: NodeJS.Signals): void;
  /** The first match of `pattern` in stdout, once printed; rejects if the process ends or `withinMs` passes first. */
  printed(pattern: RegExp, withinMs: number): Promise<RegExpExecArray>;
}

/** `node <args>` (e.g. ['--import', 'tsx', 'bff/src/app/server.ts']) with exactly `env`. */
export function startNode(args: string[], env: NodeJS.ProcessEnv): NodeProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  const send = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  const printed = (pattern: RegExp, withinMs: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stdout);
        if (!match) return;
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(match);
      };
      const timer = setTimeout(() => reject(new Error(`not printed ${pattern} within ${withinMs} ms:\n${output}`)), withinMs);
      child.stdout.on('data', check);
      check();
      const ended = (why: string) => {
        clearTimeout(timer);
        reject(new Error(`${why} before it printed ${pattern}:\n${output}`));
      };
      exited.then(({ code, signal }) => ended(`exited (${code ?? signal})`), (error: unknown) => ended(String(error)));
    });
  return {
    pid: child.pid ?? 0,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    send,
    signal: async (name) => {
      send(name);
      await exited;
    },
    printed,
  };
}

/** A server process of the console (the BFF, or `npm start`), on a loopback port, once it says where it is ready. */
export interface ServerProcess {
  url: string;
  pid: number;
  output(): string;
  /** kill -9: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the console's own clean shutdown. */
  stop(): Promise<void>;
  /** Sends `name` without waiting (a second one, say, while the first is being handled). */
  send(name: NodeJS.Signals): void;
  /** How the process ended, once it has. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `args` with HOST and a free PORT (besides PATH, HOME, LOG_LEVEL=warn and `env`) and waits for "ready at <url>". */
export async function startServer(args: string[], env: NodeJS.ProcessEnv, readyWithinMs: number): Promise<ServerProcess> {
  const port = await freePort();
  const child = startNode(args, { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env });
  const ready = await child.printed(/ready at (http:\/\/\S+)/, readyWithinMs).catch(async (error: unknown) => {
    await child.signal('SIGKILL');
    throw error;
  });
  return { url: ready[1] ?? '', pid: child.pid, output: child.output, kill: () => child.signal('SIGKILL'), stop: () => child.signal('SIGTERM'), send: (name) => child.send(name), exited: child.exited };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface EmulatorProcess {
  origin: string;
  /** The versioned root the BFF talks to, `…/v2`. */
  url: string;
  key: string;
  /** Calls the control API (`/__control…`). */
  control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./emulator-child.ts', import.meta.url));

/** Starts the emulator in a child process on 127.0.0.1 and waits until it listens. */
export async function startEmulatorProcess(): Promise<EmulatorProcess> {
  const child: ChildProcess = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const where = await new Promise<{ origin: string; url: string; key: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { origin: string; url: string; key: string }));
    child.once('exit', (code) => reject(new Error(`the emulator exited before listening (code ${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...where,
    control: async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${where.origin}/__control${path}`, {
        method,
        headers: { authorization: `Key ${where.key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`control ${method} ${path} → ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

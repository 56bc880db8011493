import { existsSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../../support/node-process.ts';
import { newConsoleDataDir } from '../../support/test-store.ts';

/** npm's own entry, run by this Node: `npm start` exactly as an operator types it (npm, its shell, scripts/start.mjs, the console). */
const NPM_CLI = path.join(path.dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');

let dataDir = '';
let running: ServerProcess | undefined;

async function npmStart(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  dataDir = await newConsoleDataDir();
  running = await startServer([NPM_CLI, 'start'], { PLAT_DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, 120_000);
  return running;
}

/** A request whose body never ends: in flight until the connection is closed, once the server has taken it up (its 100 Continue). */
function requestInFlight(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /api/session HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n`);
    });
    socket.once('data', (answer) => {
      if (answer.toString().startsWith('HTTP/1.1 100')) {
        socket.write('{');
        resolve(socket);
      } else reject(new Error(`not taken up: ${answer.toString()}`));
    });
    socket.once('error', reject);
  });
}

afterEach(async () => {
  if (running) {
    running.send('SIGKILL');
    await running.exited;
  }
  running = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start and the stop signals', () => {
  it('exits 0 on SIGTERM once the console has stopped, and leaves no console running', async () => {
    const console = await npmStart();
    console.send('SIGTERM');
    expect(await console.exited).toEqual({ code: 0, signal: null });
    expect(console.output()).toContain('"msg":"stopped"');
    // The console removes its lock on the data directory when it has closed the store.
    expect(existsSync(path.join(dataDir, 'console.lock'))).toBe(false);
  }, 180_000);

  it('exits at once at a second signal, while the first still waits for a request in flight', async () => {
    // The stop would wait a minute for the request: only the second signal ends it sooner.
    const console = await npmStart({ PLAT_STOP_TIMEOUT_MS: '60000' });
    const socket = await requestInFlight(console.url);
    console.send('SIGTERM');
    await expect.poll(() => console.output().includes('"msg":"stopping: no new requests'), { timeout: 10_000 }).toBe(true);
    const secondAt = performance.now();
    console.send('SIGTERM');
    // 128 + 15: the console's own exit code for it, passed on by scripts/start.mjs and npm.
    expect(await console.exited).toEqual({ code: 143, signal: null });
    expect(performance.now() - secondAt).toBeLessThan(5_000);
    expect(console.output()).toContain('second stop signal: exiting at once');
    socket.destroy();
  }, 180_000);
});

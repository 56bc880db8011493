// `npm start`: build the BFF into plain JavaScript (scripts/server-build.mjs) and run it (sandbox mode
// unless PLAT_API_KEY is set), building the SPA meanwhile if it is missing or stale. The server's
// "ready" line is held back until the SPA build is done. package.json runs it with `exec`: otherwise npm's
// shell stands between, dies at a SIGTERM, and npm exits at once while this script and the console go on.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CONSOLE_NODE_ARGS, consoleEnv } from './console-runtime.mjs';
import { buildServer } from './server-build.mjs';
import { buildSpaAsync, spaBuildIsStale } from './spa-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

let serverFile;
try {
  serverFile = await buildServer();
} catch (error) {
  process.stderr.write(`plat-console: the server build failed: ${error.message}\n`);
  process.exit(1);
}
const build = spaBuildIsStale() ? buildSpaAsync() : Promise.resolve();
// In a process group of its own, so that a signal reaches it once, from here: the console stops gracefully
// at the first and exits at once at the second (docs/operations.md, "Stopping the console").
const server = spawn(process.execPath, [...CONSOLE_NODE_ARGS, serverFile], { cwd: root, env: consoleEnv(process.env), stdio: ['inherit', 'pipe', 'inherit'], detached: true });
forwardStopSignals(server);
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

let built = false;
const held = [];
server.stdout.on('data', (chunk) => (built ? process.stdout.write(chunk) : held.push(chunk)));
build.then(
  () => {
    built = true;
    for (const chunk of held.splice(0)) process.stdout.write(chunk);
  },
  (error) => {
    process.stderr.write(`plat-console: ${error.message}\n`);
    server.kill('SIGTERM');
    process.exitCode = 1;
  },
);

/**
 * Passes SIGINT and SIGTERM on to the console, which exits when it has stopped (this script then exits
 * with its code). One Ctrl-C reaches this process twice, from the terminal and passed on by npm: a
 * SIGINT within REPEAT_MS of the one before is the same one.
 */
function forwardStopSignals(child) {
  const REPEAT_MS = 500;
  let lastInterrupt = -Infinity;
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  process.on('SIGINT', () => {
    const now = performance.now();
    if (now - lastInterrupt >= REPEAT_MS) child.kill('SIGINT');
    lastInterrupt = now;
  });
}

// `npm start`: build the BFF into plain JavaScript (scripts/server-build.mjs) and run it (sandbox mode
// unless PLAT_API_KEY is set), building the SPA meanwhile if it is missing or stale. The server's
// "ready" line is held back until the SPA build is done.
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
const server = spawn(process.execPath, [...CONSOLE_NODE_ARGS, serverFile], { cwd: root, env: consoleEnv(process.env), stdio: ['inherit', 'pipe', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
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

// `npm start`: build the SPA if needed, then run the BFF (sandbox mode unless PLAT_API_KEY is set).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureSpaBuilt } from './spa-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  ensureSpaBuilt();
} catch (error) {
  process.stderr.write(`plat-console: ${error.message}\n`);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

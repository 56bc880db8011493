// Child-process entry: the Platform API emulator on a loopback port, on its own event loop (and
// core), as a remote platform would be. Tells its parent where it listens, then serves until killed.
import { startEmulator } from '../../emulator/src/emulator.ts';

const emulator = await startEmulator({ host: '127.0.0.1', port: 0, demoData: false });
process.send?.({ origin: emulator.origin, url: emulator.url, key: emulator.key });
process.once('SIGTERM', () => {
  void emulator.close().then(() => process.exit(0));
});

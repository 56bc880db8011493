// Child-process entry: the Platform API emulator on a loopback port, on its own event loop (and
// core), as a remote platform would be. Tells its parent where it listens, then serves until killed.
// The app wallet is PLAT_EMULATOR_WALLET_SEED's when set (as for `npm run emulator`).
import { startEmulator } from '../../emulator/src/emulator.ts';

const emulator = await startEmulator({ host: '127.0.0.1', port: 0, demoData: false, walletSeed: process.env.PLAT_EMULATOR_WALLET_SEED || undefined });
process.send?.({ origin: emulator.origin, url: emulator.url, horizonUrl: emulator.horizonUrl, key: emulator.key });
process.once('SIGTERM', () => {
  void emulator.close().then(() => process.exit(0));
});

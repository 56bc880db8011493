// Child-process entry: the Platform API emulator on a loopback port, on its own event loop (and
// core), as a remote platform would be. Tells its parent where it listens, then serves until killed.
// The app wallet is PLAT_EMULATOR_WALLET_SEED's when set (as for `npm run emulator`); a ledger closes
// every PLAT_BENCH_LEDGER_CLOSE_MS ms (0 or unset: one per transaction, at once, the emulator's default).
import { startEmulator } from '../../emulator/src/emulator.ts';

const ledgerCloseMs = Number(process.env.PLAT_BENCH_LEDGER_CLOSE_MS || 0);
const emulator = await startEmulator({ host: '127.0.0.1', port: 0, demoData: false, walletSeed: process.env.PLAT_EMULATOR_WALLET_SEED || undefined, chain: { ledgerCloseMs } });
process.send?.({ origin: emulator.origin, url: emulator.url, horizonUrl: emulator.horizonUrl, key: emulator.key });
process.once('SIGTERM', () => {
  void emulator.close().then(() => process.exit(0));
});

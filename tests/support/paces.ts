import type { NetworkConfig } from '../../emulator/src/config.ts';
import type { RunningEmulator } from '../../emulator/src/emulator.ts';
import { control } from './emulator-control.ts';

export interface Pace {
  pace: string;
  /** The emulated chain's config; undefined: a ledger closes at once for each arriving transaction. */
  network: Partial<NetworkConfig> | undefined;
}

/** A ledger at once per transaction: nothing waits for the chain. */
export const INSTANT: Pace = { pace: 'a ledger per transaction', network: undefined };

/**
 * A ledger clock as on the real network, shorter so that the tests stay quick: a submission waits for
 * its ledger, and Horizon answers 504 after a second.
 */
export const LEDGER_200_MS: Pace = { pace: '200 ms ledgers', network: { ledgerCloseMs: 200, horizonSubmitTimeoutMs: 1_000 } };

/** The paces the exactly-once proofs run at. */
export const PACES: readonly Pace[] = [INSTANT, LEDGER_200_MS];

/** The emulator's chain, changed while it runs (`ledgerCloseMs` 600,000: ledgers close only when a test closes them). */
export function setNetwork(emulator: RunningEmulator, network: Partial<Pick<NetworkConfig, 'ledgerCloseMs' | 'horizonSubmitTimeoutMs'>>): Promise<unknown> {
  return control(emulator, 'PUT', '/config', {
    ...(network.ledgerCloseMs === undefined ? {} : { ledger_close_ms: network.ledgerCloseMs }),
    ...(network.horizonSubmitTimeoutMs === undefined ? {} : { horizon_submit_timeout_ms: network.horizonSubmitTimeoutMs }),
  });
}

/** Closes the next ledger now; answers its number. */
export async function closeLedger(emulator: RunningEmulator): Promise<number> {
  return (await control<{ ledger: number }>(emulator, 'POST', '/ledger/close')).ledger;
}

/** The hashes waiting for a ledger, and how many submissions wait for their answer. */
export function ledgerQueue(emulator: RunningEmulator): Promise<{ queued: string[]; waiting: number }> {
  return control(emulator, 'GET', '/ledger/queue');
}

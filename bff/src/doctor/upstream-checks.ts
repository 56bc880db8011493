import { Keypair } from '@stellar/stellar-base';
import type { HorizonClient } from '../chain/horizon-client.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import type { AppFacts } from './app-facts.ts';
import { note, ok, problem, type Finding } from './finding.ts';

/** How far the local clock may be from the latest ledger's close: ledgers close every ~5 s, and Horizon writes close times to the second. */
export const CLOCK_TOLERANCE_MS = 30_000;

const why = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The key against the platform, by a read that changes nothing (the incomplete payments list), and what that list shows of the app. */
export async function checkPlatformKey(platform: PlatformClient, url: string): Promise<{ finding: Finding; facts: AppFacts | null }> {
  const subject = 'Platform API key';
  try {
    const payments = await platform.listIncompleteServerPayments();
    const [listed] = payments;
    const facts = listed ? { network: listed.network, walletAddress: listed.from_address, source: `a payment the platform lists (${listed.identifier})` } : null;
    return { finding: ok(subject, `the platform at ${url} accepted the key`), facts };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 401 || error.status === 403) {
      return { finding: problem(subject, `the platform at ${url} refused the key (${error.status})`, "set PLAT_API_KEY to the app's server API key from the Developer Portal, of the app and network this console pays for (a sandbox app's key does not work on the main network, nor the reverse)"), facts: null };
    }
    if (error.status === 404) {
      return { finding: problem(subject, `${url} answered 404: it is not the Platform API's versioned root`, 'set PLAT_API_URL to the versioned root, e.g. https://api.minepi.com/v2'), facts: null };
    }
    return { finding: problem(subject, `the platform at ${url} could not be asked: ${error.message}`, 'check PLAT_API_URL and that this machine reaches it (proxy, firewall, DNS)'), facts: null };
  }
}

/** Horizon answers, and serves the network the platform's payments are on. */
export async function checkHorizon(horizon: HorizonClient, url: string, facts: AppFacts | null): Promise<{ finding: Finding; reachable: boolean }> {
  const subject = 'Horizon';
  let passphrase: string;
  try {
    passphrase = await horizon.networkPassphrase();
  } catch (error) {
    return { finding: problem(subject, `${url} could not be asked: ${why(error)}`, "check PLAT_HORIZON_URL (Horizon's root, e.g. https://api.mainnet.minepi.com) and that this machine reaches it"), reachable: false };
  }
  if (!facts) {
    return { finding: note(subject, `${url} answers and serves the network "${passphrase}"; the platform has shown no payment yet to compare its network with`, 'make sure it is the network of your app (the main network for production, the testnet for a sandbox app)'), reachable: true };
  }
  if (facts.network !== passphrase) {
    return {
      finding: problem(subject, `${url} serves the network "${passphrase}", but the app's payments are on "${facts.network}" (from ${facts.source})`, `set PLAT_HORIZON_URL to the Horizon of "${facts.network}": sandbox and production are different networks, with different wallets`),
      reachable: true,
    };
  }
  return { finding: ok(subject, `${url} answers and serves "${passphrase}", the network of the app's payments`), reachable: true };
}

/** The seed's account exists on the network, and is the wallet the platform's payments come from. */
export async function checkWalletSeed(horizon: HorizonClient, seed: string, facts: AppFacts | null): Promise<Finding> {
  const subject = 'Wallet seed';
  const address = Keypair.fromSecret(seed).publicKey();
  try {
    await horizon.account(address);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) {
      return problem(subject, `the seed's account ${address} does not exist on this network`, "set PLAT_WALLET_SEED to the app wallet's seed (Developer Portal), on the network PLAT_HORIZON_URL serves");
    }
    return problem(subject, `the account ${address} could not be read from Horizon: ${why(error)}`, 'check PLAT_HORIZON_URL first');
  }
  if (!facts) return note(subject, `the seed's account ${address} exists on the network; the platform has shown no payment yet to compare the app's wallet with`, "make sure it is the app wallet's seed from the Developer Portal");
  if (facts.walletAddress !== address) {
    return problem(subject, `the seed is of ${address}, but the app's payments come from ${facts.walletAddress} (from ${facts.source})`, "set PLAT_WALLET_SEED to the seed of the app's wallet: the console refuses to sign a payment from another wallet");
  }
  return ok(subject, `the seed is of ${address}, the wallet the app's payments come from`);
}

/** The local clock against the network's: the latest ledger's close time. */
export async function checkClock(horizon: HorizonClient, now: () => number): Promise<Finding> {
  const subject = 'Clock';
  const latest = await horizon.latestLedger(1).catch(() => null);
  if (!latest) return note(subject, 'not compared: Horizon did not give its latest ledger');
  const aheadMs = now() - latest.closedAtMs;
  const seconds = Math.round(Math.abs(aheadMs) / 1000);
  if (aheadMs > CLOCK_TOLERANCE_MS) {
    return problem(subject, `this machine's clock is ${seconds} s after the latest ledger's close (ledger ${latest.sequence}): either the clock runs ahead or the network has stalled`, 'sync the clock (NTP, e.g. systemd-timesyncd or chrony); if it is right, the network or this Horizon is behind');
  }
  if (aheadMs < -CLOCK_TOLERANCE_MS) {
    return problem(subject, `this machine's clock is ${seconds} s before the latest ledger's close (ledger ${latest.sequence}): it runs behind`, 'sync the clock (NTP, e.g. systemd-timesyncd or chrony)');
  }
  return ok(subject, `within ${CLOCK_TOLERANCE_MS / 1000} s of the network's: ledger ${latest.sequence} closed ${seconds} s ${aheadMs >= 0 ? 'before' : 'after'} this machine's time`);
}

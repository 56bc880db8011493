import { HorizonClient } from '../chain/horizon-client.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { PlatformClient } from '../platform/platform-client.ts';
import type { AppFacts } from './app-facts.ts';
import { findingLines, note, problem, type Finding } from './finding.ts';
import { checkSecondFactors } from './second-factor-check.ts';
import { checkStore } from './store-check.ts';
import { checkClock, checkHorizon, checkPlatformKey, checkWalletSeed } from './upstream-checks.ts';

export interface DoctorOutput {
  out(line: string): void;
}

/**
 * `npm run doctor`: checks a deployment's configuration, from the environment the console reads,
 * and says in words what is wrong and what to do. It writes nothing anywhere: reads of the platform
 * and Horizon, and of the store in a read-only transaction. Exit code 0 when nothing is wrong, 1 when
 * something is.
 */
export async function doctorCommand(env: NodeJS.ProcessEnv, output: DoctorOutput, now: () => number = Date.now): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.out(findingLines(problem('Configuration', error.message, 'fix the variable; docs/configuration.md lists them all')).join('\n'));
    return 1;
  }
  output.out(`Plat Console doctor: ${config.mode} mode. It reads what the console would use and writes nothing.`);
  const findings: Finding[] = [];
  const report = (finding: Finding) => {
    findings.push(finding);
    for (const line of findingLines(finding)) output.out(line);
  };

  const store = await checkStore(config);
  report(store.finding);
  if (config.platform) await checkLive(config, config.platform, store.facts, report, now);
  else report(note('Platform and Horizon', 'sandbox mode: the console starts its bundled emulator, so there is no key, seed or network to check', 'for live mode set PLAT_API_KEY, PLAT_API_URL, PLAT_HORIZON_URL and PLAT_WALLET_SEED'));
  report(checkSecondFactors(config));

  const problems = findings.filter((finding) => finding.verdict === 'problem').length;
  output.out(problems === 0 ? 'Nothing wrong found.' : `${problems} problem(s) found: start with the first.`);
  return problems === 0 ? 0 : 1;
}

async function checkLive(config: Config, platformConfig: { url: string; apiKey: string }, storeFacts: AppFacts | null, report: (finding: Finding) => void, now: () => number): Promise<void> {
  const platform = new PlatformClient({ baseUrl: platformConfig.url, apiKey: platformConfig.apiKey, timeoutMs: config.platformTimeoutMs, getRetries: 0 });
  try {
    const key = await checkPlatformKey(platform, platformConfig.url);
    report(key.finding);
    const facts = key.facts ?? storeFacts;
    if (!config.horizonUrl) {
      report(note('Horizon and wallet seed', 'PLAT_HORIZON_URL and PLAT_WALLET_SEED are not set: rewards wait, created, for a transaction the console cannot send', 'set both to pay rewards from the app wallet'));
      return;
    }
    const horizon = new HorizonClient({ baseUrl: config.horizonUrl, timeoutMs: config.platformTimeoutMs, getRetries: 0 });
    try {
      const reached = await checkHorizon(horizon, config.horizonUrl, facts);
      report(reached.finding);
      if (!reached.reachable) return;
      if (config.walletSeed) report(await checkWalletSeed(horizon, config.walletSeed, facts));
      else report(note('Wallet seed', 'PLAT_WALLET_SEED is not set: rewards wait, created, for a transaction the console cannot sign', "set it to the app wallet's seed"));
      report(await checkClock(horizon, now));
    } finally {
      await horizon.close();
    }
  } finally {
    await platform.close();
  }
}

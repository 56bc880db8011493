import { spawnSync } from 'node:child_process';
import { Keypair } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../bff/src/config.ts';

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a configuration error');
}

describe('loadConfig', () => {
  it('defaults to sandbox mode on 127.0.0.1:8787', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'sandbox', host: '127.0.0.1', port: 8787, platform: null, dataDir: './.data' });
  });

  it('has no metrics unless PLAT_METRICS_PORT is set, and then on loopback unless PLAT_METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ PLAT_METRICS_HOST: '0.0.0.0' }).metrics).toBeNull();
    expect(loadConfig({ PLAT_METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ PLAT_METRICS_PORT: '9464', PLAT_METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ host: '10.0.0.5', port: 9464 });
    expect(configError({ PLAT_METRICS_PORT: '70000' })).toMatch(/^PLAT_METRICS_PORT must be a port number/);
  });

  it('is live when PLAT_API_KEY is set, with the given URL', () => {
    const config = loadConfig({ PLAT_API_KEY: 'k', PLAT_API_URL: 'https://api.example/v2' });
    expect(config.mode).toBe('live');
    expect(config.platform).toEqual({ url: 'https://api.example/v2', apiKey: 'k' });
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PLAT_API_KEY: '  ', PORT: '' }).mode).toBe('sandbox');
  });

  it('names the variable when live mode has no PLAT_API_URL', () => {
    expect(configError({ PLAT_API_KEY: 'k' })).toMatch(/^PLAT_API_URL must be set in live mode/);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(configError({ PLAT_API_KEY: 'k', PLAT_API_URL: 'ftp://x/v2' })).toMatch(/^PLAT_API_URL must be an http\(s\) URL/);
    expect(configError({ PLAT_API_KEY: 'k', PLAT_API_URL: 'not a url' })).toMatch(/^PLAT_API_URL/);
  });

  it('refuses a port out of range or not a number', () => {
    expect(configError({ PORT: '70000' })).toMatch(/^PORT must be a port number/);
    expect(configError({ PORT: '-1' })).toMatch(/^PORT must be a port number/);
    expect(configError({ PORT: 'eighty' })).toMatch(/^PORT /);
  });

  it('takes a valid wallet seed, and refuses a malformed one or one with a bad checksum without repeating it', () => {
    const seed = Keypair.random().secret();
    expect(loadConfig({ PLAT_WALLET_SEED: seed }).walletSeed).toBe(seed);
    const badChecksum = seed.slice(0, -1) + (seed.endsWith('A') ? 'B' : 'A');
    for (const value of ['S-not-a-seed', badChecksum, Keypair.random().publicKey()]) {
      const message = configError({ PLAT_WALLET_SEED: value });
      expect(message).toMatch(/^PLAT_WALLET_SEED must be a secret seed/);
      expect(message).not.toContain(value);
    }
  });
});

describe('the server process with bad configuration', () => {
  it('prints one clear line and exits 1, without a stack trace', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/app/server.ts'], {
      env: { PATH: process.env.PATH, PLAT_API_KEY: 'k', PLAT_API_URL: 'ftp://example/v2' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^plat-console: configuration error: PLAT_API_URL must be an http\(s\) URL/);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

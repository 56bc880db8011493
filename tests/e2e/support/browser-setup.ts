import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The e2e project's global setup: Debian's Chromium, driven by playwright-core (no browser downloads on
 * these machines), started once for every file of the run (browser.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

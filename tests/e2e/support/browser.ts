import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens (browser-setup.ts). */
    chromiumEndpoint: string;
  }
}

/**
 * The run's Chromium (browser-setup.ts), for one test file: started once for all files instead of once
 * each (a cold start of seconds on two busy cores). Every page a file opens gets a context of its own,
 * with its own cookies and storage, as a fresh profile had; close() ends the file's connection and its
 * contexts, not Chromium.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './tests/support/long-first-sequencer.ts';

export default defineConfig({
  test: {
    // Vitest's default leaves one of two cores idle; most test time is spent waiting on servers,
    // child processes and timers, so two workers nearly halve the run.
    maxWorkers: 2,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/bff/**/*.test.ts', 'tests/common/**/*.test.ts', 'tests/emulator/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // Stores, emulators and console processes start in hooks, on two cores shared with the other worker.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'dashboard',
          include: ['tests/dashboard/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/dashboard/support/setup.ts'],
          testTimeout: 20_000,
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Sign-in hashes with the production scrypt cost, and Chromium shares two cores with the other tests.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

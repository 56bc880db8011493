import type { Config } from '../config.ts';

export type AuthSettings = Config['auth'];

export const defaultAuthSettings: AuthSettings = {
  sessionIdleMs: 30 * 60_000,
  sessionAbsoluteMs: 8 * 60 * 60_000,
};

export interface AuthSettings {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

export const defaultAuthSettings: AuthSettings = {
  sessionIdleMs: 30 * 60_000,
  sessionAbsoluteMs: 8 * 60 * 60_000,
};

import { startAuthentication, startRegistration, type AuthenticationResponseJSON, type RegistrationResponseJSON } from '@simplewebauthn/browser';
import { api, readJson } from './api-client.ts';

export { browserSupportsWebAuthn } from '@simplewebauthn/browser';

/** What the browser's own passkey step says when it stops, in words a person can act on. */
const BROWSER_PROBLEMS: Record<string, string> = {
  NotAllowedError: 'The passkey prompt was closed or timed out before a passkey answered. Try again.',
  InvalidStateError: 'This device’s passkey is registered here already.',
  SecurityError: 'This browser refuses passkeys at this address. Open the console at its own address (a name such as localhost, not a bare IP address).',
  NotSupportedError: 'This device has no passkey this console can use.',
  AbortError: 'The passkey prompt was cancelled.',
};

/** A failure of the browser's passkey step (not of the console's server). */
export class PasskeyBrowserError extends Error {
  override readonly name = 'PasskeyBrowserError';
}

async function inBrowser<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const name = error instanceof Error ? ((error.cause instanceof Error ? error.cause.name : null) ?? error.name) : '';
    throw new PasskeyBrowserError(BROWSER_PROBLEMS[name] ?? (error instanceof Error ? error.message : 'The passkey step failed.'));
  }
}

/**
 * The console's challenge signed by one of the person's passkeys: in a session (pending or not), by one
 * of its member's, as a second factor or a step-up; without one, by a passkey kept for a passwordless sign-in.
 */
export async function signWithPasskey(): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await readJson(api.session['passkey-options'].$post());
  return inBrowser(() => startAuthentication({ optionsJSON }));
}

/** A new passkey made by the browser for the signed-in member, not yet sent to the console. */
export async function makePasskey(): Promise<RegistrationResponseJSON> {
  const optionsJSON = await readJson(api.me.passkeys.options.$post());
  return inBrowser(() => startRegistration({ optionsJSON }));
}

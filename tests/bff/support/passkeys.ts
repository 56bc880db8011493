import type { PasskeyView } from '../../../bff/src/auth/passkeys.ts';
import type { TestApp } from './test-app.ts';
import { SoftAuthenticator, type Ceremony, type CreationOptions, type RequestOptions } from './soft-authenticator.ts';

/** The origin of the test app's requests (`app.request` on a bare path), the sandbox's relying party. */
export const TEST_ORIGIN = 'http://localhost';

export async function registrationOptions(t: TestApp, cookie: string): Promise<CreationOptions> {
  const response = await t.request('POST', '/api/me/passkeys/options', { cookie });
  if (response.status !== 200) throw new Error(`registration options: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreationOptions;
}

/** Asks for options, lets the authenticator make a credential, and sends it: the answer as it came. */
export async function addPasskey(
  t: TestApp,
  cookie: string,
  authenticator: SoftAuthenticator,
  { name = 'Test key', passwordless = false, ceremony = {} as Ceremony } = {},
): Promise<Response> {
  const options = await registrationOptions(t, cookie);
  return t.request('POST', '/api/me/passkeys', { cookie, body: { name, passwordless, response: authenticator.register(options, ceremony) } });
}

/** Like addPasskey, for a passkey that must be added: its view. */
export async function addedPasskey(t: TestApp, cookie: string, authenticator: SoftAuthenticator, options: { name?: string; passwordless?: boolean } = {}): Promise<PasskeyView> {
  const response = await addPasskey(t, cookie, authenticator, options);
  if (response.status !== 201) throw new Error(`adding a passkey: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { passkey: PasskeyView }).passkey;
}

/** `POST /api/session/passkey-options`: a second factor's challenge with a session cookie, a passwordless sign-in's without. */
export async function assertionOptions(t: TestApp, cookie?: string): Promise<RequestOptions> {
  const response = await t.request('POST', '/api/session/passkey-options', cookie ? { cookie } : {});
  if (response.status !== 200) throw new Error(`assertion options: ${response.status} ${await response.text()}`);
  return (await response.json()) as RequestOptions;
}

export function passkeySignIn(t: TestApp, response: unknown): Promise<Response> {
  return t.request('POST', '/api/session/passkey', { body: { response } });
}

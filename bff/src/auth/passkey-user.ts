/** ES256 and RS256 (COSE -7 and -257): what every platform authenticator and security key offers. */
export const SUPPORTED_ALGORITHMS = [-7, -257];

/** The WebAuthn user handle of a staff member: their id's 16 bytes, nothing personal (the spec's advice). */
export function userHandleOf(staffId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(staffId.replaceAll('-', ''), 'hex'));
}

export function bytesOfBase64url(value: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(value, 'base64url'));
}

import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/** The parts of WebAuthn's creation options (PublicKeyCredentialCreationOptionsJSON) an authenticator reads. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string };
}

/** The parts of WebAuthn's request options (PublicKeyCredentialRequestOptionsJSON) an authenticator reads. */
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

interface Credential {
  id: string;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface Ceremony {
  /** The origin the "browser" puts in clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** Whether the person was verified (PIN, biometrics); default true. */
  userVerified?: boolean;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/**
 * A software passkey authenticator and the browser's part of WebAuthn, for tests in Node: real ES256
 * keys (node:crypto), real CBOR and COSE, "none" attestation. Each credential's counter grows by
 * `counterStep` at each use (0: an authenticator that keeps no counter).
 */
export class SoftAuthenticator {
  private readonly credentials = new Map<string, Credential>();

  constructor(
    private readonly origin: string,
    private readonly counterStep = 1,
  ) {}

  /** navigator.credentials.create(): a new credential, as @simplewebauthn/browser serialises it. */
  register(options: CreationOptions, ceremony: Ceremony = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = b64url(randomBytes(16));
    const credential: Credential = { id, privateKey, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.set(id, credential);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, ceremony);
    const idBytes = Buffer.from(id, 'base64url');
    const attested = Buffer.concat([Buffer.alloc(16), uint16(idBytes.length), idBytes, coseKeyOf(publicKey)]);
    const authData = Buffer.concat([this.authDataHead(credential, ceremony, FLAG_ATTESTED_DATA), attested]);
    const attestationObject = encodeCBOR(new Map<string, CBORType>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal' as const] },
    };
  }

  /** navigator.credentials.get(): a signed challenge, by the allowed credential (or the only one this authenticator has). */
  sign(options: RequestOptions, ceremony: Ceremony = {}) {
    const credential = this.pick(options);
    credential.counter += this.counterStep;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony);
    const authenticatorData = this.authDataHead(credential, ceremony, 0);
    const signature = createSign('sha256').update(Buffer.concat([authenticatorData, sha256(clientDataJSON)])).sign(credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  /** Sets a credential's counter, as a cloned authenticator that has fallen behind would have it. */
  setCounter(credentialId: string, counter: number): void {
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error(`no credential ${credentialId}`);
    credential.counter = counter;
  }

  private pick(options: RequestOptions): Credential {
    const allowed = options.allowCredentials?.map((entry) => entry.id);
    const found = [...this.credentials.values()].find((credential) => !allowed?.length || allowed.includes(credential.id));
    if (!found) throw new Error('this authenticator holds none of the allowed credentials');
    return found;
  }

  private clientData(type: string, challenge: string, ceremony: Ceremony): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false }));
  }

  private authDataHead(credential: Credential, ceremony: Ceremony, extraFlags: number): Buffer {
    const flags = FLAG_USER_PRESENT | (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED) | extraFlags;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    return Buffer.concat([sha256(credential.rpId), Buffer.from([flags]), counter]);
  }
}

function uint16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

/** The public key as COSE_Key (RFC 9053): EC2 (kty 2), ES256 (alg -7), P-256 (crv 1), x and y. */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC public key');
  return encodeCBOR(
    new Map<number, CBORType>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

import { startEmulator } from '../../emulator/src/emulator.ts';
import type { EmulatorOptions, RunningEmulator } from '../../emulator/src/emulator.ts';
import type { PaymentDTO } from '../../emulator/src/dto.ts';

export interface Reply<T> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export interface ErrorBody {
  error: string;
  error_message: string;
  payment?: PaymentDTO;
}

export interface TestUser {
  uid: string;
  username: string;
  access_token: string;
  wallet_address: string;
  wallet_seed: string;
  scopes: string[];
}

export interface RequestOptions {
  body?: unknown;
  /** Raw request body, sent as is. */
  raw?: string;
  /** Authorization header; defaults to the server key, null sends none. */
  auth?: string | null;
}

/** A running emulator plus a tiny HTTP client for it (plain global fetch, as any client would use). */
export interface Harness {
  emulator: RunningEmulator;
  request<T = ErrorBody>(method: string, path: string, options?: RequestOptions): Promise<Reply<T>>;
  /** Like request, but fails the test unless the answer is 200. */
  ok<T>(method: string, path: string, body?: unknown): Promise<T>;
  createUser(input?: { username?: string; scopes?: string[] }): Promise<TestUser>;
  createA2U(uid: string, amount?: number): Promise<PaymentDTO>;
  createU2A(uid: string, amount?: number): Promise<PaymentDTO>;
  close(): Promise<void>;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator(options);

  async function request<T = ErrorBody>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    const auth = options.auth === undefined ? `Key ${emulator.key}` : options.auth;
    if (auth !== null) headers.authorization = auth;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${emulator.origin}${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      get json(): T {
        return JSON.parse(text) as T;
      },
    };
  }

  async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await request<T>(method, path, { body });
    if (reply.status !== 200) throw new Error(`${method} ${path} → ${reply.status} ${reply.text}`);
    return reply.json;
  }

  return {
    emulator,
    request,
    ok,
    createUser: (input = {}) => ok<TestUser>('POST', '/__control/users', input),
    createA2U: (uid, amount = 1) =>
      ok<PaymentDTO>('POST', '/v2/payments', { payment: { amount, memo: 'Reward', metadata: { test: true }, uid } }),
    createU2A: (uid, amount = 1) => ok<PaymentDTO>('POST', '/__control/u2a', { uid, amount, memo: 'Gems', metadata: { sku: 'gems' } }),
    close: () => emulator.close(),
  };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes a StrKey written independently of the emulator's encoder: version byte, 32-byte payload, checksum. */
export function decodeStrKey(text: string): { version: number; payload: Buffer; checksum: number } {
  let buffer = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  const all = Buffer.from(bytes);
  return { version: all[0] as number, payload: all.subarray(1, 33), checksum: all.readUInt16LE(33) };
}

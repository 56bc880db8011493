import type { z } from 'zod';
import { amountToWire } from './amount.ts';
import { shapeProblem } from '../upstream/shape-problem.ts';
import { UpstreamHop } from '../upstream/upstream-hop.ts';
import type { UpstreamObserver } from '../upstream/upstream-observer.ts';
import { pathIdProblemWords } from './ids.ts';
import { PlatformError, platformErrorFromAnswer } from './platform-error.ts';
import {
  incompleteServerPaymentsSchema,
  paymentSchema,
  rewardedAdStatusSchema,
  userSchema,
  type Payment,
  type PlatformUser,
  type RewardedAdStatus,
} from './schemas.ts';

export interface PlatformClientOptions {
  /** The versioned root, e.g. `https://api.example/v2`. */
  baseUrl: string;
  apiKey: string;
  /** The deadline of one call, in ms: every attempt and the back-off between them included. */
  timeoutMs?: number;
  /** How many times a GET is tried again after a retryable failure. POSTs are never retried. */
  getRetries?: number;
  /** The first back-off between GET attempts, in ms. */
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this is not waited for; the 429 is returned instead. */
  maxRetryAfterMs?: number;
  connections?: number;
  /** Told of every call (the metrics); nobody unless given. */
  observer?: UpstreamObserver;
}

const defaults = { timeoutMs: 10_000, getRetries: 2, retryBaseDelayMs: 200, maxRetryAfterMs: 5_000, connections: 32 };

export interface NewA2UPayment {
  /** Decimal string, > 0, at most 7 places. */
  amount: string;
  memo: string;
  metadata: Record<string, unknown>;
  uid: string;
}

/** The one way the BFF talks to the Platform API. Every answer is checked against its schema. */
export class PlatformClient {
  private readonly hop: UpstreamHop<PlatformError>;
  private readonly serverKey: string;

  constructor({ apiKey, getRetries, ...options }: PlatformClientOptions) {
    const settings = { ...defaults, ...options, readRetries: getRetries ?? defaults.getRetries };
    this.hop = new UpstreamHop({ ...settings, name: 'The platform', target: 'platform', errorOf: (init) => new PlatformError(init) });
    this.serverKey = `Key ${apiKey}`;
  }

  async getMe(accessToken: string): Promise<PlatformUser> {
    return this.call('get_me', 'GET', '/me', userSchema, { authorization: `Bearer ${accessToken}` });
  }

  async createPayment(payment: NewA2UPayment): Promise<Payment> {
    const body = { payment: { ...payment, amount: amountToWire(payment.amount) } };
    return this.call('create_payment', 'POST', '/payments', paymentSchema, { body });
  }

  async getPayment(paymentId: string): Promise<Payment> {
    return this.call('get_payment', 'GET', paymentPath(paymentId), paymentSchema);
  }

  async approvePayment(paymentId: string): Promise<Payment> {
    return this.call('approve_payment', 'POST', `${paymentPath(paymentId)}/approve`, paymentSchema, { body: {} });
  }

  async completePayment(paymentId: string, txid: string): Promise<Payment> {
    return this.call('complete_payment', 'POST', `${paymentPath(paymentId)}/complete`, paymentSchema, { body: { txid } });
  }

  async cancelPayment(paymentId: string): Promise<Payment> {
    return this.call('cancel_payment', 'POST', `${paymentPath(paymentId)}/cancel`, paymentSchema, { body: {} });
  }

  async listIncompleteServerPayments(): Promise<Payment[]> {
    const answer = await this.call('incomplete_server_payments', 'GET', '/payments/incomplete_server_payments', incompleteServerPaymentsSchema);
    return answer.incomplete_server_payments;
  }

  async getAdStatus(adId: string): Promise<RewardedAdStatus> {
    return this.call('ad_status', 'GET', `/ads_network/status/${checkedId(adId, 'ad id')}`, rewardedAdStatusSchema);
  }

  close(): Promise<void> {
    return this.hop.close();
  }

  private call<S extends z.ZodType>(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    { body, authorization }: { body?: unknown; authorization?: string } = {},
  ): Promise<z.output<S>> {
    const unsafe = method !== 'GET';
    const headers = {
      authorization: authorization ?? this.serverKey,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const request = { operation, method, path, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    return this.hop.call(request, (answer) => {
      const { status } = answer;
      if (status < 200 || status >= 300) throw platformErrorFromAnswer(answer, unsafe);
      const parsed = schema.safeParse(answer.body);
      if (parsed.success) return parsed.data;
      const message = answer.body === undefined ? `The platform answered ${status} with a body that is not JSON` : `The platform's answer has an unexpected shape${shapeProblem(parsed.error)}`;
      throw new PlatformError({ status, code: 'invalid_response', message, outcomeUnknown: unsafe });
    });
  }
}

function paymentPath(paymentId: string): string {
  return `/payments/${checkedId(paymentId, 'payment id')}`;
}

function checkedId(id: string, what: string): string {
  const problem = pathIdProblemWords(id);
  if (problem) throw new PlatformError({ status: null, code: 'invalid_id', message: `The ${what} ${problem}` });
  return id;
}

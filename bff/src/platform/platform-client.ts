import type { z } from 'zod';
import { amountToWire } from './amount.ts';
import { PlatformTransport, defaultTransportOptions, type TransportOptions } from './http-transport.ts';
import { pathIdProblemWords } from './ids.ts';
import { PlatformError } from './platform-error.ts';
import {
  incompleteServerPaymentsSchema,
  paymentSchema,
  rewardedAdStatusSchema,
  userSchema,
  type Payment,
  type PlatformUser,
  type RewardedAdStatus,
} from './schemas.ts';

export type PlatformClientOptions = Pick<TransportOptions, 'baseUrl' | 'apiKey'> & Partial<TransportOptions>;

export interface NewA2UPayment {
  /** Decimal string, > 0, at most 7 places. */
  amount: string;
  memo: string;
  metadata: Record<string, unknown>;
  uid: string;
}

/** The one way the BFF talks to the Platform API. Every answer is checked against its schema. */
export class PlatformClient {
  private readonly transport: PlatformTransport;

  constructor(options: PlatformClientOptions) {
    this.transport = new PlatformTransport({ ...defaultTransportOptions, ...options });
  }

  async getMe(accessToken: string): Promise<PlatformUser> {
    return this.call('GET', '/me', userSchema, { authorization: `Bearer ${accessToken}` });
  }

  async createPayment(payment: NewA2UPayment): Promise<Payment> {
    const body = { payment: { ...payment, amount: amountToWire(payment.amount) } };
    return this.call('POST', '/payments', paymentSchema, { body });
  }

  async getPayment(paymentId: string): Promise<Payment> {
    return this.call('GET', paymentPath(paymentId), paymentSchema);
  }

  async approvePayment(paymentId: string): Promise<Payment> {
    return this.call('POST', `${paymentPath(paymentId)}/approve`, paymentSchema, { body: {} });
  }

  async completePayment(paymentId: string, txid: string): Promise<Payment> {
    return this.call('POST', `${paymentPath(paymentId)}/complete`, paymentSchema, { body: { txid } });
  }

  async cancelPayment(paymentId: string): Promise<Payment> {
    return this.call('POST', `${paymentPath(paymentId)}/cancel`, paymentSchema, { body: {} });
  }

  async listIncompleteServerPayments(): Promise<Payment[]> {
    const answer = await this.call('GET', '/payments/incomplete_server_payments', incompleteServerPaymentsSchema);
    return answer.incomplete_server_payments;
  }

  async getAdStatus(adId: string): Promise<RewardedAdStatus> {
    return this.call('GET', `/ads_network/status/${checkedId(adId, 'ad id')}`, rewardedAdStatusSchema);
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    options?: { body?: unknown; authorization?: string },
  ): Promise<z.output<S>> {
    const answer = await this.transport.request(method, path, options);
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new PlatformError({
      status: answer.status,
      code: 'invalid_response',
      message: `The platform's answer has an unexpected shape${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}`,
      outcomeUnknown: method !== 'GET',
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

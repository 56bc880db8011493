import { UpstreamError, type UpstreamErrorInit } from '../upstream/upstream-error.ts';
import type { UpstreamAnswer } from '../upstream/upstream-hop.ts';
import { paymentSchema, platformErrorBodySchema, type Payment } from './schemas.ts';

export interface PlatformErrorInit extends UpstreamErrorInit {
  payment?: Payment | undefined;
  verificationError?: string | undefined;
}

/** A call to the Platform API that did not give its answer; a refusal carries the platform's code and the payment it names. */
export class PlatformError extends UpstreamError {
  override readonly name = 'PlatformError';
  readonly payment: Payment | undefined;
  readonly verificationError: string | undefined;

  constructor(init: PlatformErrorInit) {
    super(init);
    this.payment = init.payment;
    this.verificationError = init.verificationError;
  }
}

/** The platform's non-2xx answer; to a state-changing call, a 5xx may come after the change was applied. */
export function platformErrorFromAnswer({ status, body, retryAfterMs }: UpstreamAnswer, unsafe: boolean): PlatformError {
  const outcomeUnknown = unsafe && status >= 500;
  const parsed = platformErrorBodySchema.safeParse(body);
  if (!parsed.success) {
    return new PlatformError({
      status,
      code: status === 429 ? 'rate_limited' : 'unknown_error',
      message: `The platform answered ${status} without a readable error body`,
      retryAfterMs,
      outcomeUnknown,
    });
  }
  const payment = paymentSchema.safeParse(parsed.data.payment);
  return new PlatformError({
    status,
    code: parsed.data.error,
    message: parsed.data.error_message ?? parsed.data.error,
    payment: payment.success ? payment.data : undefined,
    verificationError: parsed.data.verification_error,
    retryAfterMs,
    outcomeUnknown,
  });
}

import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface UpstreamErrorInfo {
  status: number | null;
  code: string;
  message: string;
}

/** The one error body the BFF answers with; `field` names the input at fault (`amount`, `metadata.tier`, `idempotency-key`, `cursor`). */
export interface ErrorEnvelope {
  error: { code: string; message: string; requestId: string; field?: string; upstream?: UpstreamErrorInfo; details?: Record<string, unknown> };
}

/** An error a route or service raises on purpose; its message is safe to show to staff. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly upstream?: UpstreamErrorInfo,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
    readonly field?: string,
  ) {
    super(message);
  }
}

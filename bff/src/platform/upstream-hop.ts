/** What the upstream clients (the Platform API's and Horizon's) share about one HTTP hop over undici. */

/** Worth another attempt for a safe read: no answer, rate-limited, failed or unreadable upstream. */
export function isRetryable(error: { status: number | null; code: string }): boolean {
  if (error.status === null) return error.code === 'timeout' || error.code === 'network_error';
  return error.status === 429 || error.status >= 500 || error.code === 'invalid_response';
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isUndiciTimeout(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}

export function describeCause(cause: unknown): string {
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : cause instanceof Error ? cause.message : 'unknown cause';
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

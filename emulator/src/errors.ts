/** A refusal the emulator answers with `{ error, error_message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** More fields of the error body, e.g. `verification_error`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error: code, error_message: message, ...extra }), {
    status,
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  });
}

export const badRequest = (code: string, message: string): ApiError => new ApiError(400, code, message);
export const notFound = (code: string, message: string): ApiError => new ApiError(404, code, message);
export const unauthorized = (code: string, message: string): ApiError => new ApiError(401, code, message);

import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error.ts';

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/**
 * A JSON body must be UTF-8 exactly as RFC 8259 says: no byte-order mark, no invalid bytes. Reading
 * it leniently would replace what the client sent and pass the replacement on; it is refused instead.
 * (Lone surrogates written as escapes are refused by `validate`, after parsing.)
 */
export const strictJsonBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !/json/i.test(c.req.header('content-type') ?? '')) return next();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (BYTE_ORDER_MARK.every((byte, index) => bytes[index] === byte)) {
    throw new ApiError(400, 'invalid_body', 'The JSON body starts with a byte-order mark; send it without one.');
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'invalid_body', 'The JSON body is not valid UTF-8.');
  }
  return next();
};

import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/**
 * zod validation of one part of a request; a failure is a 400 naming the first bad field.
 * Text with a NUL character is refused here for every route: the store cannot hold it, and no
 * field of this API has a use for it.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) {
      const path = pathOfNul(result.data);
      if (path) throw new ApiError(400, 'invalid_input', `${path.length > 0 ? `${path.join('.')}: ` : ''}must not contain a NUL character`);
      return;
    }
    const issue = result.error.issues[0];
    const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new ApiError(400, 'invalid_input', `${field}${issue?.message ?? 'invalid input'}`);
  });
}

/** Where the first string holding a NUL character is in a parsed value, or null when none does. */
function pathOfNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNul(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

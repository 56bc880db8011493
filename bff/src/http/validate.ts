import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { problemAt } from '../input-problem.ts';
import { isNestedDeeperThan, MAX_JSON_DEPTH } from '../json-depth.ts';
import { unstorableTextProblem } from '../store/storable.ts';
import { ApiError } from './api-error.ts';
import { requireJsonContentType } from './json-media-type.ts';

const validation = Symbol('validation');

/** What zod made of one part of a request, as a validator hands it to its hook. */
type ValidationResult = { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The hook of every validator of this API, the staff routes' and the public API's: a failure is a 400
 * `invalid_input` naming the first bad field (in `field`, and before the message). Text the store
 * cannot hold (a NUL character, a lone surrogate) is refused here for every route: no field of this
 * API has a use for it.
 */
export function refuseInvalidInput(result: ValidationResult): void {
  if (result.success) {
    const found = unstorableText(result.data);
    if (found) throw invalidInput(found.path, found.problem);
    return;
  }
  const issue = result.error.issues[0];
  throw invalidInput(issue?.path ?? [], issue?.message ?? 'invalid input');
}

function invalidInput(path: readonly PropertyKey[], problem: string): ApiError {
  const field = path.map(String).join('.');
  return new ApiError(400, 'invalid_input', problemAt(path, problem), undefined, undefined, undefined, field || undefined);
}

/**
 * zod validation of one part of a request, answered by `refuseInvalidInput`. A JSON body must also
 * pass `checkJsonBody`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  const zodValidator = zValidator(target, schema, refuseInvalidInput);
  const validator: typeof zodValidator = async (c, next) => {
    if (target === 'json') await checkJsonBody(c);
    return zodValidator(c, next);
  };
  return Object.assign(validator, { [validation]: { target, schema } });
}

/**
 * A JSON body must say it is JSON (else 415) and nest at most MAX_JSON_DEPTH levels (else 400, before
 * zod or anything else walks it recursively).
 */
export async function checkJsonBody(c: Context): Promise<void> {
  requireJsonContentType(c.req.header('content-type'));
  // The validator reads the body again (Hono keeps its bytes); a body that is not JSON at all is its 400.
  const body = await c.req.json<unknown>().catch(() => undefined);
  if (isNestedDeeperThan(body, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'invalid_input', `The JSON body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`);
  }
}

/** What a route's validator checks, so that tests can generate input for every route from its schemas. */
export function validationOf(handler: unknown): { target: keyof ValidationTargets; schema: z.ZodType } | undefined {
  return typeof handler === 'function' ? (handler as { [validation]?: { target: keyof ValidationTargets; schema: z.ZodType } })[validation] : undefined;
}

interface UnstorableText {
  path: (string | number)[];
  problem: string;
}

/** Where the first string (or key) the store cannot hold is in a parsed value, and why; null when there is none. */
function unstorableText(value: unknown, path: (string | number)[] = []): UnstorableText | null {
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem ? { path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorableTextProblem(key);
      if (problem) return { path, problem: `a key ${problem}` };
      const found = unstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

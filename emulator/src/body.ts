import type { Context } from 'hono';
import { z } from 'zod';
import { badRequest } from './errors.ts';

/** The request body parsed as JSON; undefined when there is none. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('invalid_arguments', 'the request body is not valid JSON');
  }
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
    throw badRequest('invalid_arguments', details.join('; '));
  }
  return result.data;
}

/** A control-API body checked against its schema; a missing body counts as `{}`. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseWith(schema, (await readJson(c)) ?? {});
}

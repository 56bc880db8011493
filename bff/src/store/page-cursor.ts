import { z } from 'zod';
import { Refusal } from '../domain/refusal.ts';
import { isStorableTime, unstorableTextProblem } from './storable.ts';

/**
 * Where a page of a list ends: the sort key of its last row, as a JSON array in base64url. Opaque, so
 * that clients do not build their own.
 */
export function encodePageCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/**
 * The parts of a cursor `encodePageCursor` made for this list. A cursor comes from the client: what it
 * holds is checked like any other input before it reaches the store, and anything else is the
 * caller's mistake (400).
 */
export function decodePageCursor<S extends z.ZodType>(text: string, parts: S): z.output<S> {
  try {
    const parsed = parts.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString()));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: refused below
  }
  throw new Refusal({ kind: 'invalid_input', code: 'invalid_input', message: 'cursor: does not belong to this list; start from the first page', field: 'cursor' });
}

/** A cursor's time, as `toISOString` writes it, and one the store can hold. */
export const cursorTime = z.iso.datetime().refine((value) => isStorableTime(new Date(value)));

/** A cursor's row id that is a UUID. */
export const cursorUuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** A cursor's row id that is the platform's text. */
export const cursorText = z
  .string()
  .max(200)
  .refine((value) => unstorableTextProblem(value) === null);

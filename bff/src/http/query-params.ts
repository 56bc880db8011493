import { z } from 'zod';

/** An empty query parameter (an empty filter box in the URL) counts as absent. */
export function blankAsAbsent<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(schema.optional());
}

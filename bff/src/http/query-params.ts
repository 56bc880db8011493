import { z } from 'zod';

/** An empty query parameter (an empty filter box in the URL) counts as absent. */
export function blankAsAbsent<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(schema.optional());
}

/** One or more of `values`, comma-separated (`state=failed,cancelled`); an unknown one is named in the 400. */
export function commaSeparated<const Values extends readonly [string, ...string[]]>(values: Values) {
  const known = new Set<string>(values);
  const isKnown = (item: string): item is Values[number] => known.has(item);
  return z.string().transform((value, ctx) => {
    const items = value.split(',').map((item) => item.trim()).filter(Boolean);
    const unknown = items.find((item) => !isKnown(item));
    if (unknown === undefined && items.length > 0) return items.filter(isKnown);
    ctx.addIssue({ code: 'custom', message: `${unknown === undefined ? 'names none' : `"${unknown}" is not one`} of ${values.join(', ')}` });
    return z.NEVER;
  });
}

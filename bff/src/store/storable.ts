/**
 * What the store can hold. PostgreSQL has no year 0 and the console writes times as ISO strings with
 * four-digit years, so a time must fall in years 1 to 9999 (UTC); text must be valid UTF-16 without
 * NUL, which PostgreSQL's text cannot hold and a lone surrogate cannot be encoded to.
 */
export const EARLIEST_STORABLE_TIME = new Date('0001-01-01T00:00:00.000Z');
export const LATEST_STORABLE_TIME = new Date('9999-12-31T23:59:59.999Z');

export function isStorableTime(time: Date): boolean {
  const ms = time.getTime();
  return ms >= EARLIEST_STORABLE_TIME.getTime() && ms <= LATEST_STORABLE_TIME.getTime();
}

const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why the store cannot hold this text, or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  const match = UNSTORABLE_TEXT.exec(text);
  if (!match) return null;
  return match[0] === '\u0000' ? 'must not contain a NUL character' : 'must not contain a lone surrogate (invalid Unicode)';
}

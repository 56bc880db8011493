import fc from 'fast-check';

/** Text a validator may let through by mistake: boundary dates, odd numbers, control characters, broken Unicode. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999-01:00',
  '10000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '1970-01-01',
  '0000-01-01',
  '2026-02-30T00:00:00Z',
  '1e309',
  '-1e309',
  '1e-400',
  '9'.repeat(400),
  '0.00000001',
  '-0',
  'NaN',
  'Infinity',
  '0x1F',
  '1_000',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\r\n',
  '\ud800',
  'x\udc00',
  '\u202e\u200b',
  '\ufeff',
  'x'.repeat(10_000),
  '../../etc/passwd',
  '%',
  '%00',
  'true',
  'null',
  '[]',
  '{"a":1}',
  '<script>',
  "'; DROP TABLE audit_events; --",
  'created',
  'desc',
  'completed',
  '1.5',
  '50',
  '2026-01-01T00:00:00Z',
] as const;

/** Any string of UTF-16 code units, lone surrogates included. */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 40 });

export const hostileText: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), anyUnits);

const cursorPart: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom('created', 'amount', 'synced', 'asc', 'desc'),
  fc.double(),
  fc.integer(),
  fc.constant(null),
);

/** A keyset cursor as the console encodes them, holding anything; or a number cursor; or noise. */
export const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  fc.array(cursorPart, { maxLength: 5 }).map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url')),
  fc.oneof(hostileText, fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String)).map((text) => Buffer.from(`audit:${text}`).toString('base64url')),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  hostileText,
);

/** A JSON value: hostile text, huge and tiny numbers, wrong types, nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.constantFrom(0, -1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 0.1 + 0.2),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Percent-encodes text for a URL; lone surrogates (which encodeURIComponent refuses) become invalid UTF-8 bytes. */
export function urlEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

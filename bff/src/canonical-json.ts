/**
 * JSON with object keys sorted by UTF-16 code unit (as RFC 8785, JSON canonicalisation, orders them),
 * so that equal values write the same text whatever order their keys were written in: for hashing.
 * The value is plain JSON; `undefined` writes as null.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

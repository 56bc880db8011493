/** Ids go into URL paths on the server, so the same rules as the server's apply before any request. */
const MAX_ID_LENGTH = 64;

/** Why `id` cannot be sent as an id, in words for staff, or null when it can; `whenEmpty` says what to enter. */
export function pathIdProblem(id: string, whenEmpty: string): string | null {
  if (id.length === 0) return whenEmpty;
  if (id.length > MAX_ID_LENGTH) return `That is longer than ${MAX_ID_LENGTH} characters, so it is not an id.`;
  if (id.includes('/')) return 'An id cannot contain "/".';
  if (id.includes('..')) return 'An id cannot contain "..".';
  if (id.includes('%')) return 'An id cannot contain "%".';
  if (/\s/.test(id)) return 'An id cannot contain spaces.';
  if (/[\\?#]/.test(id) || /[\u0000-\u001f\u007f]/.test(id)) return 'An id cannot contain \\, ?, # or control characters.';
  if (id === 'incomplete_server_payments') return '"incomplete_server_payments" is a platform path, not an id.';
  return null;
}

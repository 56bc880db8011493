import { z } from 'zod';

const MAX_ID_LENGTH = 64;
/** The characters a URL path carries as they are (RFC 3986 "unreserved"); platform ids are alphanumeric in practice. */
const ID_CHARACTERS = /^[A-Za-z0-9._~-]*$/;

/**
 * Why an id may not be put into an upstream path, or null when it may.
 * Ids end up in URL paths, so anything that could change the path is refused before a request.
 */
export function pathIdProblem(id: string): string | null {
  if (id.length === 0) return 'is empty';
  if (id.length > MAX_ID_LENGTH) return `is longer than ${MAX_ID_LENGTH} characters`;
  if (id.includes('/')) return 'contains "/"';
  if (id.includes('..')) return 'contains ".."';
  if (id.includes('%')) return 'contains "%"';
  if (!ID_CHARACTERS.test(id)) return 'may only contain letters, digits, "-", "_", "." and "~"';
  if (/^\.+$/.test(id)) return 'is only dots';
  if (id === 'incomplete_server_payments') return 'is a reserved word, not an id';
  return null;
}

export const pathIdSchema = z.string().superRefine((id, ctx) => {
  const problem = pathIdProblem(id);
  if (problem) ctx.addIssue({ code: 'custom', message: `id ${problem}` });
});

/** Ids pasted by a person or sent in bulk: trimmed, without blanks and repeats, in first-seen order. */
export function distinctIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id.length > 0))];
}

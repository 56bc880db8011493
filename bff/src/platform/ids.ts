import { z } from 'zod';

const MAX_ID_LENGTH = 64;

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
  if (/[\s\\?#]/.test(id) || /[\u0000-\u001f\u007f]/.test(id)) return 'contains a character not allowed in an id';
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

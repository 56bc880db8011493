export const MAX_PATH_ID_LENGTH = 64;
/** The characters a URL path carries as they are (RFC 3986 "unreserved"); platform ids are alphanumeric in practice. */
const ID_CHARACTERS = /^[A-Za-z0-9._~-]*$/;

export type PathIdProblem = 'empty' | 'too_long' | 'slash' | 'dot_dot' | 'percent' | 'characters' | 'only_dots' | 'reserved';

/**
 * Why an id may not be put into an upstream path, or null when it may. Ids end up in URL paths, so
 * anything that could change the path is refused before a request. Each side words the problem.
 */
export function pathIdProblem(id: string): PathIdProblem | null {
  if (id.length === 0) return 'empty';
  if (id.length > MAX_PATH_ID_LENGTH) return 'too_long';
  if (id.includes('/')) return 'slash';
  if (id.includes('..')) return 'dot_dot';
  if (id.includes('%')) return 'percent';
  if (!ID_CHARACTERS.test(id)) return 'characters';
  if (/^\.+$/.test(id)) return 'only_dots';
  if (id === 'incomplete_server_payments') return 'reserved';
  return null;
}

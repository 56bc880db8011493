import { MAX_PATH_ID_LENGTH, pathIdProblem } from '../../../common/path-id.ts';

/** Why `id` cannot be sent as an id, in words for staff, or null when it can; `whenEmpty` says what to enter. */
export function pathIdProblemWords(id: string, whenEmpty: string): string | null {
  switch (pathIdProblem(id)) {
    case null:
      return null;
    case 'empty':
      return whenEmpty;
    case 'too_long':
      return `That is longer than ${MAX_PATH_ID_LENGTH} characters, so it is not an id.`;
    case 'slash':
      return 'An id cannot contain "/".';
    case 'dot_dot':
      return 'An id cannot contain "..".';
    case 'percent':
      return 'An id cannot contain "%".';
    case 'characters':
      return charactersProblem(id);
    case 'only_dots':
      return 'An id cannot be only dots.';
    case 'reserved':
      return '"incomplete_server_payments" is a platform path, not an id.';
  }
}

/** Whether text holds a space, `\`, `?`, `#` or a control character: a slip when pasted, and never part of an id or a uid. */
export function hasStrayCharacters(text: string): boolean {
  return /[\s\\?#\u0000-\u001f\u007f]/.test(text);
}

/** Names the likeliest culprit: a pasted space, or a character that would end or change the path. */
function charactersProblem(id: string): string {
  if (/\s/.test(id)) return 'An id cannot contain spaces.';
  if (hasStrayCharacters(id)) return 'An id cannot contain \\, ?, # or control characters.';
  return 'An id may only contain letters, digits, "-", "_", "." and "~".';
}

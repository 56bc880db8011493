import { z } from 'zod';
import { MAX_PATH_ID_LENGTH, pathIdProblem, type PathIdProblem } from '../../../common/path-id.ts';

const PROBLEM_WORDS: Record<PathIdProblem, string> = {
  empty: 'is empty',
  too_long: `is longer than ${MAX_PATH_ID_LENGTH} characters`,
  slash: 'contains "/"',
  dot_dot: 'contains ".."',
  percent: 'contains "%"',
  characters: 'may only contain letters, digits, "-", "_", "." and "~"',
  only_dots: 'is only dots',
  reserved: 'is a reserved word, not an id',
};

/** Why an id may not be put into an upstream path, in words that follow "The id …", or null when it may. */
export function pathIdProblemWords(id: string): string | null {
  const problem = pathIdProblem(id);
  return problem && PROBLEM_WORDS[problem];
}

export const pathIdSchema = z.string().superRefine((id, ctx) => {
  const problem = pathIdProblemWords(id);
  if (problem) ctx.addIssue({ code: 'custom', message: `id ${problem}` });
});

/** Ids pasted by a person or sent in bulk: trimmed, without blanks and repeats, in first-seen order. */
export function distinctIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id.length > 0))];
}

import { z } from 'zod';
import { MAX_UID_LENGTH } from '../../../common/limits.ts';

/** The longest names the console keeps, in characters (Unicode code points). */
export const MAX_USERNAME_LENGTH = 100;
export const MAX_DISPLAY_NAME_LENGTH = 200;

/** How many users one bulk call may name. */
export const MAX_USER_NAMES_PER_CALL = 1_000;

/**
 * Characters a name shown to staff may not hold: control characters (NUL, tabs, line breaks, DEL,
 * C1), lone surrogates, line and paragraph separators, and the bidirectional embeddings, overrides and
 * isolates with which a name could make the text after it read backwards.
 */
const CONTROL = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;

const uidSchema = z.string({ error: 'the user uid is required' }).trim().min(1, 'the user uid is required').max(MAX_UID_LENGTH, `must be at most ${MAX_UID_LENGTH} characters`);

/** A name: text, or null for none; a blank one is none too (apps often send "" for a name not set). */
function nameSchema(maxLength: number) {
  return z
    .string({ error: 'must be text, or null for none' })
    .refine((name) => !CONTROL.test(name), 'must not contain control characters (line breaks, tabs, direction overrides)')
    .transform((name) => name.trim())
    .refine((name) => [...name].length <= maxLength, `must be at most ${maxLength} characters`)
    .transform((name) => (name === '' ? null : name))
    .nullable()
    .optional()
    .transform((name) => name ?? null);
}

/**
 * One user's names as the app sends them (`PUT /v1/users/{uid}`): they replace what the console had,
 * so a name left out or null is none. Other keys are refused rather than dropped (`display_name` for
 * `displayName` would otherwise clear the name).
 */
export const userNamesSchema = z.strictObject({
  username: nameSchema(MAX_USERNAME_LENGTH),
  displayName: nameSchema(MAX_DISPLAY_NAME_LENGTH),
});

/** Many users' names at once (`POST /v1/users`): 1 to MAX_USER_NAMES_PER_CALL entries, each uid once. */
export const manyUserNamesSchema = z.strictObject({
  users: z
    .array(userNamesSchema.extend({ uid: uidSchema }), { error: 'must be a list of users' })
    .min(1, 'no users given')
    .max(MAX_USER_NAMES_PER_CALL, `at most ${MAX_USER_NAMES_PER_CALL} users at once`)
    .superRefine((users, context) => {
      const seen = new Set<string>();
      for (const [index, { uid }] of users.entries()) {
        if (seen.has(uid)) context.addIssue({ code: 'custom', path: [index, 'uid'], message: `names the user ${uid} a second time: send each uid once` });
        seen.add(uid);
      }
    }),
});

/** The path parameter of `PUT /v1/users/{uid}`. */
export const userUidParamSchema = z.object({ uid: uidSchema });

export type UserNamesInput = z.input<typeof userNamesSchema>;
export type UserNamesEntryInput = z.input<typeof manyUserNamesSchema>['users'][number];
export type UserNamesEntry = z.output<typeof manyUserNamesSchema>['users'][number];

import { inArray } from 'drizzle-orm';
import type { Executor } from './executor.ts';
import { appUserNames } from './schema.ts';

/** The app's names of one of its users, shown beside the uid (the platform gives the console only uids). */
export interface UserNames {
  username: string | null;
  displayName: string | null;
}

/** A thing shown with a uid, and the names of that uid's user beside it (null when the app named them nothing). */
export type WithUserNames<T> = T & { userNames: UserNames | null };

/** What a query that left-joins `app_user_names` on a uid selects, for `userNamesOf`. */
export const userNameColumns = { username: appUserNames.username, displayName: appUserNames.displayName };

/** The names read with `userNameColumns` (a nested selection is null when no row joined); null when the app has named the user nothing. */
export function userNamesOf(row: { username: string | null; displayName: string | null } | null): UserNames | null {
  return row === null || (row.username === null && row.displayName === null) ? null : { username: row.username, displayName: row.displayName };
}

/** The names of those of `uids` the app has named, in one statement however many. */
export async function readUserNames(db: Executor, uids: Iterable<string>): Promise<Map<string, UserNames>> {
  const distinct = [...new Set(uids)];
  if (distinct.length === 0) return new Map();
  const rows = await db
    .select({ uid: appUserNames.uid, ...userNameColumns })
    .from(appUserNames)
    .where(inArray(appUserNames.uid, distinct));
  const named = new Map<string, UserNames>();
  for (const row of rows) {
    const names = userNamesOf(row);
    if (names) named.set(row.uid, names);
  }
  return named;
}

/** `items`, each with its user's names (`userNames`, null when none) beside its uid: one read for them all. */
export async function withUserNames<T>(db: Executor, items: readonly T[], uidOf: (item: T) => string): Promise<Array<WithUserNames<T>>> {
  const named = await readUserNames(db, items.map(uidOf));
  return items.map((item) => ({ ...item, userNames: named.get(uidOf(item)) ?? null }));
}

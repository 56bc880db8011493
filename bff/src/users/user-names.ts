import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import { inputProblem } from '../input-problem.ts';
import type { Database } from '../store/database.ts';
import { appUserNames } from '../store/schema.ts';
import { nameSearchKey } from '../../../common/name-search-key.ts';
import { manyUserNamesSchema, userNamesSchema, userUidParamSchema, type UserNamesEntry, type UserNamesEntryInput, type UserNamesInput } from './user-names-input.ts';

/** One user's names as the console now holds them. */
export interface UserNamesView {
  uid: string;
  username: string | null;
  displayName: string | null;
  setAt: string;
}

/**
 * The app's names of its users, as the app sends them: the platform gives the console only uids.
 * Each call replaces the names of the users it names, all of them or none, and is audited once
 * (the names themselves stay out of the log). The input is checked here too, in the words a route
 * answers, so that a caller in-process cannot store what the API would refuse.
 */
export class UserNameService {
  constructor(private readonly deps: { db: Database; clock: Clock; audit: AuditLog }) {}

  /** Sets one user's names (`PUT /v1/users/{uid}`): a name left out or null is none. */
  async put(uid: string, names: UserNamesInput, origin: AuditOrigin): Promise<UserNamesView> {
    const entry = { ...checked(userNamesSchema, names), uid: checked(userUidParamSchema, { uid }).uid };
    const [row] = await this.write([entry], origin, { target: `user:${entry.uid}` });
    if (!row) throw new Error('the upsert returned no row');
    return { uid: row.uid, username: row.username, displayName: row.displayName, setAt: row.setAt.toISOString() };
  }

  /** Sets many users' names at once (`POST /v1/users`), up to MAX_USER_NAMES_PER_CALL, each uid once. */
  async putMany(entries: readonly UserNamesEntryInput[], origin: AuditOrigin): Promise<{ count: number }> {
    const { users } = checked(manyUserNamesSchema, { users: entries });
    await this.write(users, origin, { target: null });
    return { count: users.length };
  }

  private write(entries: UserNamesEntry[], origin: AuditOrigin, { target }: { target: string | null }) {
    const { db, clock, audit } = this.deps;
    const setAt = clock.now();
    const setBy = origin.actor?.id ?? null;
    const rows = entries.map(({ uid, username, displayName }) => ({
      uid,
      username,
      displayName,
      usernameKey: username === null ? null : nameSearchKey(username),
      displayNameKey: displayName === null ? null : nameSearchKey(displayName),
      setAt,
      setBy,
    }));
    return db.transaction(async (tx) => {
      const written = await tx
        .insert(appUserNames)
        .values(rows)
        .onConflictDoUpdate({
          target: appUserNames.uid,
          set: {
            username: sql`excluded.username`,
            displayName: sql`excluded.display_name`,
            usernameKey: sql`excluded.username_key`,
            displayNameKey: sql`excluded.display_name_key`,
            setAt: sql`excluded.set_at`,
            setBy: sql`excluded.set_by`,
          },
        })
        .returning({ uid: appUserNames.uid, username: appUserNames.username, displayName: appUserNames.displayName, setAt: appUserNames.setAt });
      await audit.append({ ...origin, action: 'user_names.set', target, outcome: 'ok', details: { count: rows.length } }, tx);
      return written;
    });
  }
}

/** `input` as `schema` reads it, or a refusal in the words a route's validation answers. */
function checked<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw refusal('invalid_input', 'invalid_input', inputProblem(result.error));
  return result.data;
}

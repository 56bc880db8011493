import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../http/validate.ts';
import type { UserSuggestions } from './user-suggestions.ts';
import type { UserSummaries } from './user-summary.ts';

// A uid is whatever the platform gives; the index stores it as text of at most 200 characters.
const MAX_UID_LENGTH = 200;
const uidParam = z.object({ uid: z.string().trim().min(1, 'a uid is required').max(MAX_UID_LENGTH) });
const suggestQuery = z.object({ q: z.string().trim().min(2, 'type at least 2 characters of the uid or name').max(MAX_UID_LENGTH) });

export function userRoutes({ audit, users, suggestions }: { audit: AuditLog; users: UserSummaries; suggestions: UserSuggestions }) {
  return (
    new Hono<AppEnv>()
      // The pay form's recipient field and the top search. A query on the collection, not /users/suggest, which would
      // hide the user whose uid is "suggest". Whoever reads payments may: it answers nothing a user's page does not.
      .get('/users', requireAccess('payments:read', audit), validate('query', suggestQuery), async (c) =>
        c.json({ users: await suggestions.startingWith(c.req.valid('query').q) }),
      )
      .get('/users/:uid', requireAccess('payments:read', audit), validate('param', uidParam), async (c) => c.json(await users.of(c.req.valid('param').uid)))
  );
}

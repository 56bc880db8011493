import { Hono } from 'hono';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.ts';
import { EVENT_TYPE_NAMES } from '../events/event-types.ts';
import { auditContext } from '../guards/request-origin.ts';
import { currentStaff, requireAccess } from '../guards/require-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { blankAsAbsent } from '../http/query-params.ts';
import { validate } from '../http/validate.ts';
import type { NotificationInbox } from './notification-inbox.ts';
import type { NotificationPreferences } from './notification-preferences.ts';

const listSchema = z.object({
  cursor: blankAsAbsent(z.string().max(300)),
  unread: blankAsAbsent(z.enum(['true', 'false'], { error: 'must be true or false' })),
});
const readSchema = z.union([
  z.strictObject({ ids: z.array(z.uuid('is not a notification id')).min(1, 'names none').max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);
const preferencesSchema = z.strictObject({
  events: z.array(z.enum(EVENT_TYPE_NAMES, { error: `must be among ${EVENT_TYPE_NAMES.join(', ')}` })).max(EVENT_TYPE_NAMES.length),
  slackUrl: z.string().trim().min(1, 'is empty: send null for none').max(2_000).nullable(),
});

/** Each staff member's own notifications and what they hear of: every signed-in staff member, for themselves only. */
export function notificationRoutes({ audit, inbox, preferences }: { audit: AuditLog; inbox: NotificationInbox; preferences: NotificationPreferences }) {
  return new Hono<AppEnv>()
    .get('/notifications', requireAccess('signed-in', audit), validate('query', listSchema), async (c) => {
      const { cursor, unread } = c.req.valid('query');
      return c.json(await inbox.list(currentStaff(c).id, { cursor, unreadOnly: unread === 'true' }));
    })
    .post('/notifications/read', requireAccess('signed-in', audit), validate('json', readSchema), async (c) => c.json(await inbox.markRead(currentStaff(c).id, c.req.valid('json'))))
    .get('/me/notification-preferences', requireAccess('signed-in', audit), async (c) => c.json(await preferences.get(currentStaff(c))))
    .put('/me/notification-preferences', requireAccess('signed-in', audit), validate('json', preferencesSchema), async (c) =>
      c.json(await preferences.set(currentStaff(c), c.req.valid('json'), auditContext(c))),
    );
}

import { z } from 'zod';
import { EVENTS_KEPT_DAYS } from '../events/event-feed.ts';
import { apiOperation } from './api-operation.ts';
import { errorResponses } from './error-schema.ts';
import { eventListSchema, publicEventSchema } from './event-schemas.ts';

export const listEvents = apiOperation('events:read', {
  method: 'get',
  path: '/events',
  operationId: 'listEvents',
  tags: ['Events'],
  summary: 'Read the event log',
  description: `What happened, oldest first, for an app that would rather poll than receive webhooks: each event has a stable \`id\`, a \`type\`, a time, and its subject as the API showed it then. Send \`nextCursor\` back as \`cursor\` to read on; a page shorter than \`limit\` means you have read all there is for now, so ask again later with the same \`nextCursor\`. An event is never added behind a cursor already handed out. Events are kept ${EVENTS_KEPT_DAYS} days. A cursor that does not come from this list is refused (400).`,
  request: { query: eventListSchema },
  responses: {
    200: {
      description: 'A page of events.',
      content: {
        'application/json': {
          schema: z.object({
            events: z.array(publicEventSchema),
            nextCursor: z.string().nullable().meta({ description: 'Where to read on from; null only when the log has had no event yet and no cursor was sent.' }),
          }),
        },
      },
    },
    ...errorResponses([400, 401, 403, 429]),
  },
});

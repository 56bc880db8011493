import type { AuditAction } from '../../../../bff/src/public-types.ts';
import type { AuditEvent } from './api/get-audit-events.ts';
import { act, count, plural, type ActionWords } from './audit-action-types.ts';
import { detailText, settingRef } from './audit-referents.ts';
import type { Sentence } from './audit-sentence-parts.ts';

/** A webhook endpoint by its URL; a staff member's Slack target has none in the log (its URL is a secret). */
const webhookRef = (event: AuditEvent): Sentence => {
  const url = detailText(event, 'url');
  return [{ text: url ? `webhook endpoint ${url}` : 'a Slack target' }];
};

/** The words of the webhooks' and notifications' actions (Settings). */
export const webhookActionWords = {
  'webhook_endpoint.create': { area: 'settings', label: 'Created a webhook endpoint', says: (event) => act('created', 'create', webhookRef(event)), said: ['url'] },
  'webhook_endpoint.update': { area: 'settings', label: 'Changed a webhook endpoint', says: (event) => act('changed', 'change', webhookRef(event)), said: ['url'] },
  'webhook_endpoint.rotate_secret': { area: 'settings', label: 'Rotated a webhook secret', says: (event) => act('rotated the secret of', 'rotate the secret of', webhookRef(event)), said: ['url', 'overlapHours', 'previousValidUntil'] },
  'webhook_endpoint.test': { area: 'settings', label: 'Sent a test event', says: (event) => act('sent a test event to', 'send a test event to', webhookRef(event)), said: ['url'] },
  'webhook_endpoint.delete': { area: 'settings', label: 'Deleted a webhook endpoint', says: (event) => act('deleted', 'delete', webhookRef(event)), said: ['url'] },
  'webhook_endpoint.resend_failed': {
    area: 'settings',
    label: 'Resent failed webhook deliveries',
    says: (event) => act(`resent ${plural(count(event, 'count'), 'failed delivery', 'failed deliveries')} to`, 'resend failed deliveries to', webhookRef(event)),
    said: ['url', 'count'],
  },
  'webhook_endpoint.switched_off': {
    area: 'settings',
    label: 'Switched a failing webhook endpoint off',
    says: (event) => act('switched off', 'switch off', webhookRef(event)),
    said: ['url'],
  },
  'webhook_delivery.resend': { area: 'settings', label: 'Resent a webhook delivery', says: (event) => act('resent a delivery to', 'resend a delivery to', webhookRef(event)), said: ['url'] },
  'settings.webhooks': { area: 'settings', label: 'Changed the webhooks’ private networks', says: (_, viewer) => act('changed', 'change', settingRef('the private networks webhooks may reach', viewer)) },
  'notifications.preferences': {
    area: 'settings',
    label: 'Changed what they are notified of',
    says: (event) => act(`changed what they are notified of${event.details.slack === 'added' || event.details.slack === 'changed' ? ' and their Slack URL' : event.details.slack === 'removed' ? ' and removed their Slack URL' : ''}`, 'change what they are notified of'),
    said: ['added', 'removed', 'slack'],
  },
} satisfies Partial<Record<AuditAction, ActionWords>>;

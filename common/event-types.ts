/**
 * Every event the console reports, and nothing else: what it is about and when it happens, in the words
 * the docs, the webhook page and the notification settings show. The event's `data` is its subject as
 * the public API answers it at that moment.
 */
export const EVENT_TYPES = {
  'reward.created': { subject: 'reward', when: 'A reward was asked for (by a person, an API key or a batch row).' },
  'reward.awaiting_approval': { subject: 'reward', when: 'A reward is above the approval threshold and waits for a second person.' },
  'reward.completed': { subject: 'reward', when: 'A reward was paid and the platform recorded it as completed.' },
  'reward.failed': { subject: 'reward', when: 'A reward was not paid; nothing moved on the chain.' },
  'reward.needs_attention': { subject: 'reward', when: 'A reward stopped where a person must look before anything else happens.' },
  'reward.cancelled': { subject: 'reward', when: 'A reward was cancelled (by a person, or its payment was cancelled on the platform), or rejected by its approver.' },
  'refund.completed': { subject: 'reward', when: "A refund of a user's payment was paid." },
  'batch.started': { subject: 'batch', when: 'A batch started paying its rows.' },
  'batch.paused': { subject: 'batch', when: 'A batch paused (by a person, or for want of funds).' },
  'batch.finished': { subject: 'batch', when: 'A batch has no row left to pay.' },
  'approval.requested': { subject: 'approval', when: 'A reward or a batch waits for a second person to approve it.' },
  'approval.decided': { subject: 'approval', when: 'A reward or a batch was approved or rejected.' },
  'payment.stuck': { subject: 'payment', when: 'A payment has been waiting longer than it should.' },
  'incomplete.found': { subject: 'payment', when: 'The platform lists a server payment of the app as incomplete.' },
  'wallet.low_balance': { subject: 'wallet', when: "The app wallet's available balance fell below the low-balance threshold." },
  'reconciliation.exception_opened': { subject: 'reconciliation_exception', when: 'Reconciliation found something the books do not explain.' },
  'audit.chain_broken': { subject: 'audit', when: "The audit log's hash chain no longer verifies." },
  'api_key.expiring': { subject: 'api_key', when: 'An API key expires within 7 days.' },
  'webhook_endpoint.disabled': { subject: 'webhook_endpoint', when: 'The console switched a webhook endpoint off: it answered 410 Gone, or it failed for 3 days.' },
} as const satisfies Record<string, { subject: string; when: string }>;

export type EventType = keyof typeof EVENT_TYPES;
export type EventSubjectKind = (typeof EVENT_TYPES)[EventType]['subject'];

export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_TYPES, value);
}

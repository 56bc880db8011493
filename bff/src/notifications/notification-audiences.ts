import type { Permission } from '../auth/permissions.ts';
import { roleHas } from '../auth/permissions.ts';
import type { Role } from '../domain/roles.ts';
import { EVENT_TYPE_NAMES, type EventType } from '../events/event-types.ts';

/**
 * Whose events of a type a staff member hears, once they chose the type: `own`, only those about what
 * they asked for (the event's `requestedBy`); `others`, all but those (nobody approves their own
 * request); `all`, every one.
 */
export type Whose = 'own' | 'others' | 'all';

interface Audience {
  whose: Whose;
  /** Only staff with this permission may hear of it: the page it links to, or the act it calls for. */
  permission: Permission;
  /** The roles that hear of it until they choose otherwise. */
  defaultFor: readonly Role[];
  /** Only events whose data passes this are told at all. */
  only?: (data: Record<string, unknown>) => boolean;
}

/**
 * The one table of who may hear of each event and who does by default. Approvers (those who may
 * approve) hear of requests; those who pay hear of their own requests decided and their own batches
 * paused or finished; ops hear of exceptions, a low balance, stuck payments and a broken audit chain.
 * Admins hear all of those, of API keys about to expire, which only they can roll, and of webhook
 * endpoints the console switched off.
 */
export const NOTIFICATION_AUDIENCES: Record<EventType, Audience> = {
  'reward.created': { whose: 'own', permission: 'rewards:pay', defaultFor: [] },
  'reward.awaiting_approval': { whose: 'own', permission: 'rewards:pay', defaultFor: [] },
  'reward.completed': { whose: 'own', permission: 'rewards:pay', defaultFor: [] },
  'reward.failed': { whose: 'own', permission: 'rewards:pay', defaultFor: [] },
  'reward.needs_attention': { whose: 'all', permission: 'rewards:read', defaultFor: [] },
  'reward.cancelled': { whose: 'own', permission: 'rewards:pay', defaultFor: [] },
  'refund.completed': { whose: 'own', permission: 'refunds:pay', defaultFor: [] },
  'batch.started': { whose: 'own', permission: 'rewards:pay', defaultFor: [] },
  'batch.paused': { whose: 'own', permission: 'rewards:pay', defaultFor: ['manager', 'ops', 'admin'] },
  'batch.finished': { whose: 'own', permission: 'rewards:pay', defaultFor: ['manager', 'ops', 'admin'] },
  'approval.requested': { whose: 'others', permission: 'rewards:approve', defaultFor: ['manager', 'admin'] },
  'approval.decided': { whose: 'own', permission: 'rewards:pay', defaultFor: ['manager', 'ops', 'admin'] },
  'payment.stuck': { whose: 'all', permission: 'payments:read', defaultFor: ['ops', 'admin'] },
  'incomplete.found': { whose: 'all', permission: 'incomplete:read', defaultFor: [] },
  'wallet.low_balance': { whose: 'all', permission: 'wallet:read', defaultFor: ['ops', 'admin'] },
  'reconciliation.exception_opened': { whose: 'all', permission: 'reconciliation:read', defaultFor: ['ops', 'admin'] },
  'audit.chain_broken': { whose: 'all', permission: 'audit:read', defaultFor: ['ops', 'admin'] },
  'api_key.expiring': { whose: 'all', permission: 'api-keys:manage', defaultFor: ['admin'] },
  // A staff member's own Slack target switched off is no admin's business: their account page says it.
  'webhook_endpoint.disabled': { whose: 'all', permission: 'webhooks:manage', defaultFor: ['admin'], only: (data) => data.format !== 'slack' },
};

/** The event types a role may choose to hear of. */
export function hearableBy(role: Role): EventType[] {
  return EVENT_TYPE_NAMES.filter((type) => roleHas(role, NOTIFICATION_AUDIENCES[type].permission));
}

/** What a role hears of until a staff member of it chooses otherwise. */
export function defaultEventsFor(role: Role): EventType[] {
  return EVENT_TYPE_NAMES.filter((type) => NOTIFICATION_AUDIENCES[type].defaultFor.includes(role));
}

/**
 * Whether a staff member who chose `chosen` hears of `event`, which `requestedBy` asked for
 * (null when nobody did). A role that lost the permission since choosing no longer hears of it.
 */
export function hears(staff: { id: string; role: Role }, chosen: readonly string[], event: { type: EventType; data: Record<string, unknown> }, requestedBy: string | null): boolean {
  const audience = NOTIFICATION_AUDIENCES[event.type];
  if (!chosen.includes(event.type) || !roleHas(staff.role, audience.permission) || audience.only?.(event.data) === false) return false;
  if (audience.whose === 'own') return requestedBy === staff.id;
  if (audience.whose === 'others') return requestedBy !== staff.id;
  return true;
}

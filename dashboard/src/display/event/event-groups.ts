import { EVENT_TYPE_NAMES, EVENT_TYPES, isEventType, type EventSubjectKind, type EventType } from '../../../../common/event-types.ts';

export { isEventType, type EventType };

const subjectLabels: Record<EventSubjectKind, string> = {
  reward: 'Rewards and refunds',
  batch: 'Batches',
  approval: 'Approvals',
  payment: 'Payments',
  wallet: 'Wallet',
  reconciliation_exception: 'Reconciliation',
  audit: 'Audit log',
  api_key: 'API keys',
  webhook_endpoint: 'Webhooks',
};

export interface EventGroup {
  label: string;
  types: EventType[];
}

/** `types` grouped by what they are about, in the table's order. */
export function eventGroups(types: readonly EventType[] = EVENT_TYPE_NAMES): EventGroup[] {
  const groups = new Map<EventSubjectKind, EventType[]>();
  for (const type of EVENT_TYPE_NAMES) {
    if (!types.includes(type)) continue;
    const subject = EVENT_TYPES[type].subject;
    groups.set(subject, [...(groups.get(subject) ?? []), type]);
  }
  return [...groups].map(([subject, grouped]) => ({ label: subjectLabels[subject], types: grouped }));
}

/** What an event type means, in the table's words. */
export function eventTypeSentence(type: EventType): string {
  return EVENT_TYPES[type].when;
}

import { auditActionWords, type AuditAction, type AuditArea } from './audit-actions.ts';

/** Each area of the console, named, with the action prefixes that are all of its actions. */
export const auditAreas: Record<AuditArea, { label: string; prefixes: readonly string[] }> = {
  access: { label: 'Sign-in and access', prefixes: ['session.', 'access.', 'request.', 'totp.', 'recovery_codes.'] },
  staff: { label: 'Staff', prefixes: ['staff.'] },
  payments: { label: 'Payments', prefixes: ['payment.', 'payments.', 'incomplete.'] },
  rewards: { label: 'Rewards', prefixes: ['reward.', 'rewards.'] },
  batches: { label: 'Reward batches', prefixes: ['reward_batch.', 'reward_batches.'] },
  reconciliation: { label: 'Reconciliation', prefixes: ['reconciliation.'] },
  settings: { label: 'Settings', prefixes: ['settings.', 'ingest_token.', 'api_key.', 'webhook_endpoint.', 'webhook_delivery.', 'notifications.'] },
  ads: { label: 'Ads', prefixes: ['ads.'] },
  users: { label: 'The app’s users', prefixes: ['user_names.'] },
  audit: { label: 'Audit log', prefixes: ['audit.'] },
};

export interface ActionOption {
  /** What the server filters on: an action, or a list of prefixes (`staff.*`) for a whole area. */
  value: string;
  label: string;
}

export interface ActionOptionGroup {
  label: string;
  options: ActionOption[];
}

/** The action filter's choices: per area, "Anything in …" first, then each action with its words. */
export const actionFilterGroups: ActionOptionGroup[] = (Object.keys(auditAreas) as AuditArea[]).map((area) => {
  const { label, prefixes } = auditAreas[area];
  const actions = (Object.keys(auditActionWords) as AuditAction[]).filter((action) => auditActionWords[action].area === area);
  return {
    label,
    options: [
      { value: prefixes.map((prefix) => `${prefix}*`).join(','), label: `Anything in ${label}` },
      ...actions.map((action) => ({ value: action, label: auditActionWords[action].label })),
    ],
  };
});

/** The words of a filter value, or null when it is none of the choices (a hand-made link). */
export function actionFilterLabel(value: string): string | null {
  for (const group of actionFilterGroups) {
    const option = group.options.find((candidate) => candidate.value === value);
    if (option) return option.label;
  }
  return null;
}

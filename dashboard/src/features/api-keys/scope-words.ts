import type { Scope } from './api/get-api-keys.ts';

/** What each scope lets the app's backend do, in the words the key form and the table use; the server's permission table is the rule. */
export const scopeSentences: Record<Scope, string> = {
  'rewards:write': 'Pay rewards to users, within this key’s limits (or the console’s); above the approval threshold a manager or admin approves each first.',
  'rewards:read': 'Read rewards and where each one stands.',
  'refunds:write': 'Refund a completed payment a user made to the app, as a reward back to its payer, within the same limits.',
  'payments:read': 'Read payments and their states.',
  'users:write': 'Give the console the app’s own names for its users, which only the app’s backend knows.',
  'events:read': 'Read what happened to rewards and payments, to follow them without asking about each one.',
  ingest: 'Send the ids of payments the app sees, so the console fetches them from the platform into its index (what the ingest tokens did).',
};

export const scopes = Object.keys(scopeSentences) as Scope[];

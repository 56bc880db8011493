import type { Access, AuditAction } from '../../../../bff/src/public-types.ts';
import { roleLabels, roles, type Role } from '../../lib/roles.ts';
import type { AuditEvent } from './api/get-audit-events.ts';
import {
  batchRef,
  detailText,
  exceptionRef,
  apiKeyRef,
  paymentIdRef,
  paymentRef,
  requestRef,
  rewardRef,
  settingRef,
  staffEmail,
  staffPossessive,
  staffRef,
  targetOf,
  userTargetRef,
  type AuditViewer,
} from './audit-referents.ts';
import { act, count, plural, type ActionWords, type Predicate } from './audit-action-types.ts';
import { secondFactorCheck, secondFactorRefusalWords } from './audit-second-factor-words.ts';
import { webhookActionWords } from './audit-webhook-words.ts';
import { words, type Sentence } from './audit-sentence-parts.ts';

export type { AuditAction };
export type { ActionWords, AuditArea, Predicate } from './audit-action-types.ts';

const roleOf = (value: unknown) => (roles.includes(value as Role) ? roleLabels[value as Role] : 'an unknown role');

const permissionWords: Record<Access, string> = {
  'payments:read': 'read payments',
  'payments:act': 'cancel or complete payments',
  'rewards:read': 'read rewards',
  'rewards:pay': 'pay rewards',
  'rewards:approve': 'approve rewards',
  'incomplete:read': 'read incomplete payments',
  'incomplete:clear': 'clear incomplete payments',
  'ads:read': 'read ads',
  'ads:check': 'check ads',
  'wallet:read': 'read the wallet',
  'reconciliation:read': 'read reconciliation',
  'reconciliation:act': 'work on reconciliation',
  'audit:read': 'read the audit log',
  'audit:verify': 'verify the audit log',
  'staff:manage': 'manage staff',
  'settings:manage': 'change settings',
  'api-keys:manage': 'manage API keys',
  'payments:ingest': 'send payment ids',
  'refunds:pay': 'refund payments',
  'users:write': "set the app's names for its users",
  'events:read': 'read events',
  'webhooks:manage': 'manage webhooks',
  'signed-in': 'do this',
  public: 'do this',
};

/** What a staff change did: "changed Dana Reyes’s role from Support to Manager and disabled them". */
function staffChange(event: AuditEvent, viewer: AuditViewer): Sentence {
  const { from, to } = event.details as { from?: { role?: unknown; disabled?: unknown }; to?: { role?: unknown; disabled?: unknown } };
  const changes: Sentence[] = [];
  const disabledNow = from?.disabled !== true && to?.disabled === true;
  const enabledNow = from?.disabled === true && to?.disabled === false;
  if (from?.role !== to?.role) changes.push(words`changed ${staffPossessive(event, viewer)} role from ${roleOf(from?.role)} to ${roleOf(to?.role)}`);
  if (disabledNow) changes.push(changes.length > 0 ? ['disabled them'] : words`disabled ${staffRef(event, viewer)}`);
  if (enabledNow) changes.push(changes.length > 0 ? ['enabled them again'] : words`enabled ${staffRef(event, viewer)} again`);
  if (changes.length === 0) return words`updated ${staffRef(event, viewer)}`;
  return changes.reduce((sentence, change) => words`${sentence} and ${change}`);
}

/** "passkey “Work laptop”", or "a passkey" when the row names none. */
function passkeyWords(event: AuditEvent): string {
  const name = detailText(event, 'name');
  return name === undefined ? 'a passkey' : `passkey “${name}”`;
}

/** "renamed passkey “A” to “B”", "let passkey “B” sign in without a password". */
function passkeyChange(event: AuditEvent): string {
  const { from, to } = event.details as { from?: { name?: unknown; passwordless?: unknown }; to?: { name?: unknown; passwordless?: unknown } };
  const name = typeof to?.name === 'string' ? to.name : '';
  const changes: string[] = [];
  if (from?.name !== to?.name) changes.push(`renamed passkey “${String(from?.name)}” to “${name}”`);
  const which = changes.length > 0 ? 'it' : `passkey “${name}”`;
  if (from?.passwordless !== to?.passwordless) changes.push(to?.passwordless === true ? `let ${which} sign in without a password` : `made ${which} a second factor only`);
  return changes.length > 0 ? changes.join(' and ') : `changed passkey “${name}”`;
}

/** A payment action whose answer was lost, settled by reading the payment again. */
function settled(base: string, done: string) {
  return (event: AuditEvent): Predicate => ({
    done: words`${done} ${paymentRef(event)} after all: the answer was lost, and the payment read again shows it`,
    tried: words`did not ${base} ${paymentRef(event)}: the answer was lost, and the payment read again shows it was not`,
  });
}

const REWARD_SAID = ['uid', 'amount', 'state'] as const;

/**
 * Every action the console writes, in words: the audit page's sentences and its action filter both
 * come from here, and a new action does not compile until it is worded.
 */
export const auditActionWords: Record<AuditAction, ActionWords> = {
  'session.sign_in': {
    area: 'access',
    label: 'Signed in',
    says: (event) =>
      event.details.method === 'passkey'
        ? { done: words`signed in with ${passkeyWords(event)}`, tried: ['tried to sign in with a passkey'] }
        : {
            done: [event.details.secondFactor === 'awaited' ? 'gave the right password; their second factor was asked for' : 'signed in'],
            tried: words`tried to sign in as ${staffEmail(event)}`,
          },
    said: ['secondFactor', 'method', 'name'],
  },
  'session.sign_out': { area: 'access', label: 'Signed out', says: () => act('signed out', 'sign out') },
  'session.change_password': { area: 'access', label: 'Changed their password', says: () => act('changed their password', 'change their password') },
  'session.second_factor': { area: 'access', label: 'Gave a second factor to sign in', says: (event) => secondFactorCheck('signed in', 'signing in', event), said: ['method', 'reason'] },
  'session.step_up': { area: 'access', label: 'Confirmed it was them before a payment (step-up)', says: (event) => secondFactorCheck('confirmed it was them', 'a step-up', event), said: ['method', 'reason'] },
  'session.end': { area: 'access', label: 'Ended one of their sessions', says: () => act('ended one of their sessions', 'end one of their sessions'), said: ['session'] },
  'totp.start': { area: 'access', label: 'Began adding an authenticator app', says: () => act('began adding an authenticator app', 'begin adding an authenticator app') },
  'totp.confirm': {
    area: 'access',
    label: 'Added an authenticator app',
    says: () => ({ done: ['added an authenticator app and got new recovery codes'], tried: ['tried to add an authenticator app with a wrong first code'] }),
    said: ['recoveryCodes', 'reason'],
  },
  'totp.remove': { area: 'access', label: 'Removed their authenticator app', says: () => act('removed their authenticator app', 'remove their authenticator app'), said: ['recoveryCodesRemoved'] },
  'recovery_codes.generate': { area: 'access', label: 'Made new recovery codes', says: () => act('made new recovery codes', 'make new recovery codes'), said: ['recoveryCodes'] },
  'passkey.add': {
    area: 'access',
    label: 'Added a passkey',
    says: (event) => act(`added ${passkeyWords(event)}`, 'add a passkey'),
    said: ['name'],
  },
  'passkey.change': { area: 'access', label: 'Changed a passkey', says: (event) => act(passkeyChange(event), 'change a passkey') },
  'passkey.remove': { area: 'access', label: 'Removed a passkey', says: (event) => act(`removed ${passkeyWords(event)}`, 'remove a passkey'), said: ['name'] },
  'access.denied': {
    area: 'access',
    label: 'Was refused for their role',
    says: (event) => {
      const needs = detailText(event, 'needs') as Access | undefined;
      const reason = detailText(event, 'reason');
      if (reason && reason in secondFactorRefusalWords) return words`was refused: ${secondFactorRefusalWords[reason] ?? ''}${requestRef(event)}`;
      if (detailText(event, 'status') === '401') return words`was refused: not signed in${requestRef(event)}`;
      return words`was refused: their role may not ${(needs && permissionWords[needs]) ?? 'do this'}${requestRef(event)}`;
    },
    said: ['status', 'needs', 'reason'],
  },
  'request.refused': {
    area: 'access',
    label: 'Was refused a request from another site',
    says: (event) => words`was refused a request that did not come from the console’s own pages${requestRef(event)}`,
  },

  'staff.bootstrap': {
    area: 'staff',
    label: 'Created the first staff',
    says: (event, viewer) =>
      event.details.sandbox === true ? ['created the demo staff, one per role'] : words`created the first admin, ${staffRef(event, viewer)}`,
    said: ['sandbox', 'roles', 'firstAdmin'],
  },
  'staff.setup': { area: 'staff', label: 'Set a password with a setup link', says: () => ({ done: ['set their password with a setup link'], tried: ['tried to use a setup link'] }) },
  'staff.create': {
    area: 'staff',
    label: 'Added a staff member',
    says: (event, viewer) => ({
      done: words`added ${staffRef(event, viewer)} as ${roleOf(event.details.role)}${event.details.setupLink === true ? ', with a setup link' : ''}`,
      tried: words`tried to add ${staffEmail(event)}`,
    }),
    said: ['email', 'role', 'setupLink'],
  },
  'staff.update': {
    area: 'staff',
    label: 'Changed a staff member',
    says: (event, viewer) => ({ done: staffChange(event, viewer), tried: words`tried to change ${staffRef(event, viewer)}` }),
  },
  'staff.reset_access': {
    area: 'staff',
    label: 'Reset a staff member’s access',
    says: (event, viewer) => ({
      done: words`reset ${staffPossessive(event, viewer)} access and issued a new setup link`,
      tried: words`tried to reset ${staffPossessive(event, viewer)} access`,
    }),
    said: ['email'],
  },
  'staff.reset_second_factors': {
    area: 'staff',
    label: 'Reset a staff member’s second factors',
    says: (event, viewer) => ({
      done: words`reset ${staffPossessive(event, viewer)} second factors and ended their sessions`,
      tried: words`tried to reset ${staffPossessive(event, viewer)} second factors`,
    }),
    said: ['email', 'removed'],
  },
  'staff.end_sessions': {
    area: 'staff',
    label: 'Ended a staff member’s sessions',
    says: (event, viewer) => act('ended', 'end', words`${staffPossessive(event, viewer)} sessions`),
    said: ['email'],
  },

  'payment.cancel.requested': { area: 'payments', label: 'Asked to cancel a payment', says: (event) => words`asked the platform to cancel ${paymentRef(event)}` },
  'payment.cancel': { area: 'payments', label: 'Cancelled a payment', says: (event) => act('cancelled', 'cancel', paymentRef(event)) },
  'payment.cancel.settled': { area: 'payments', label: 'Cancel settled after a lost answer', says: settled('cancel', 'cancelled'), said: ['settles', 'settled'] },
  'payment.complete.requested': { area: 'payments', label: 'Asked to complete a payment', says: (event) => words`asked the platform to complete ${paymentRef(event)}` },
  'payment.complete': { area: 'payments', label: 'Completed a payment', says: (event) => act('completed', 'complete', paymentRef(event)), said: ['txid'] },
  'payment.complete.settled': { area: 'payments', label: 'Completion settled after a lost answer', says: settled('complete', 'completed'), said: ['settles', 'settled'] },
  'payment.submit_and_complete': {
    area: 'payments',
    label: 'Paid and completed an incomplete payment',
    says: (event) => act('paid and completed', 'pay and complete', paymentRef(event)),
  },
  'payments.export': { area: 'payments', label: 'Exported payments', says: () => act('exported payments as CSV', 'export payments as CSV') },
  'payments.import': {
    area: 'payments',
    label: 'Imported payment ids',
    says: (event) => act(`imported ${plural(count(event, 'count'), 'payment id')}`, 'import payment ids'),
    said: ['count'],
  },
  'incomplete.clear': {
    area: 'payments',
    label: 'Cleared incomplete payments',
    says: (event) => {
      const { ids } = event.details;
      const which = Array.isArray(ids) ? plural(ids.length, 'incomplete payment') : 'all listed incomplete payments';
      return act(`started clearing ${which}`, `clear ${which}`);
    },
  },

  'reward.request': {
    area: 'rewards',
    label: 'Paid a reward',
    says: (event) => {
      const refundOf = detailText(event, 'refundOf');
      // A refund is a reward to the payer of the payment it refunds.
      const what = refundOf ? words`refund payment ${paymentIdRef(refundOf)} with ${rewardRef(event)}` : words`pay ${rewardRef(event)}`;
      const done = refundOf ? words`refunded payment ${paymentIdRef(refundOf)} with ${rewardRef(event)}` : words`paid ${rewardRef(event)}`;
      return { done: event.details.state === 'awaiting_approval' ? words`asked to ${what}, which waits for approval` : done, tried: words`tried to ${what}` };
    },
    said: [...REWARD_SAID, 'refundOf'],
  },
  'reward.payout_refused': {
    area: 'rewards',
    label: 'Was refused a payout over the limits',
    says: (event) => {
      const paymentId = detailText(event, 'paymentId');
      const refundOf = detailText(event, 'refundOf');
      if (event.target?.startsWith('reward_batch:')) return words`was refused paying ${batchRef(event)}`;
      if (paymentId) return words`was refused paying ${paymentIdRef(paymentId)} as ${rewardRef(event)}`;
      if (refundOf) return words`was refused refunding payment ${paymentIdRef(refundOf)} with ${rewardRef(event)}`;
      return words`was refused paying ${rewardRef(event)}`;
    },
    said: ['uid', 'amount', 'paymentId', 'batchId', 'refundOf'],
  },
  'reward.approve': { area: 'rewards', label: 'Approved a reward', says: (event) => act('approved', 'approve', rewardRef(event)), said: [...REWARD_SAID, 'approvedBy'] },
  'reward.reject': { area: 'rewards', label: 'Rejected a reward', says: (event) => act('rejected', 'reject', rewardRef(event)), said: [...REWARD_SAID, 'rejectedBy'] },
  'reward.adopt': {
    area: 'rewards',
    label: 'Took over an incomplete payment as a reward',
    says: (event) => {
      const paymentId = detailText(event, 'paymentId');
      const payment = paymentId ? words`payment ${paymentIdRef(paymentId)}` : ['a payment'];
      return act('took over', 'take over', words`${payment} to pay it as ${rewardRef(event)}`);
    },
    said: [...REWARD_SAID, 'paymentId'],
  },
  'reward.retry': { area: 'rewards', label: 'Retried a reward', says: (event) => act('retried', 'retry', rewardRef(event)), said: REWARD_SAID },
  'reward.cancel': { area: 'rewards', label: 'Cancelled a reward', says: (event) => act('cancelled', 'cancel', rewardRef(event)), said: REWARD_SAID },
  'reward.withdraw': { area: 'rewards', label: 'Withdrew a waiting reward', says: (event) => act('withdrew', 'withdraw', rewardRef(event)), said: REWARD_SAID },
  'reward.create.requested': {
    area: 'rewards',
    label: 'Asked the platform for a reward’s payment',
    says: (event) => words`asked the platform to create the payment for ${rewardRef(event)}`,
    said: REWARD_SAID,
  },
  'reward.create': {
    area: 'rewards',
    label: 'Created a reward’s payment',
    says: (event) => act('created the payment for', 'create the payment for', rewardRef(event)),
    said: REWARD_SAID,
  },
  'reward.sign': {
    area: 'rewards',
    label: 'Signed a reward’s transaction',
    says: (event) => act('signed the transaction for', 'sign the transaction for', rewardRef(event)),
    said: REWARD_SAID,
  },
  'reward.submit': {
    area: 'rewards',
    label: 'Sent a reward’s transaction',
    says: (event) => act('sent the transaction for', 'send the transaction for', words`${rewardRef(event)} to the blockchain`),
    said: REWARD_SAID,
  },
  'reward.complete': { area: 'rewards', label: 'Completed a reward', says: (event) => act('completed', 'complete', rewardRef(event)), said: REWARD_SAID },
  'reward.fail': { area: 'rewards', label: 'A reward failed', says: (event) => words`gave up on ${rewardRef(event)}`, said: REWARD_SAID },
  'reward.needs_attention': {
    area: 'rewards',
    label: 'A reward needs a person',
    says: (event) => words`set ${rewardRef(event)} aside for a person to look at`,
    said: REWARD_SAID,
  },
  'rewards.export': { area: 'rewards', label: 'Exported rewards', says: () => act('exported rewards as CSV', 'export rewards as CSV') },

  'reward_batch.upload': { area: 'batches', label: 'Uploaded a batch', says: (event) => act('uploaded', 'upload', batchRef(event)) },
  'reward_batch.retry_failed': {
    area: 'batches',
    label: 'Uploaded a batch’s failed rows again',
    says: (event) => act('uploaded the failed rows again as', 'upload the failed rows again as', batchRef(event)),
  },
  'reward_batch.start': { area: 'batches', label: 'Started a batch', says: (event) => act('started', 'start', batchRef(event)) },
  'reward_batch.approve': { area: 'batches', label: 'Approved a batch', says: (event) => act('approved', 'approve', batchRef(event)) },
  'reward_batch.reject': { area: 'batches', label: 'Rejected a batch', says: (event) => act('rejected', 'reject', batchRef(event)) },
  'reward_batch.pause': { area: 'batches', label: 'Paused a batch', says: (event) => act('paused', 'pause', batchRef(event)) },
  'reward_batch.resume': { area: 'batches', label: 'Resumed a batch', says: (event) => act('resumed', 'resume', batchRef(event)) },
  'reward_batch.cancel': { area: 'batches', label: 'Cancelled a batch', says: (event) => act('cancelled', 'cancel', batchRef(event)) },
  'reward_batch.withdraw': { area: 'batches', label: 'Withdrew a waiting batch', says: (event) => act('withdrew', 'withdraw', batchRef(event)) },
  'reward_batch.export': { area: 'batches', label: 'Exported a batch', says: (event) => act('exported', 'export', words`${batchRef(event)} as CSV`) },
  'reward_batches.export': { area: 'batches', label: 'Exported the batch list', says: () => act('exported the batch list as CSV', 'export the batch list as CSV') },

  'reconciliation.run': {
    area: 'reconciliation',
    label: 'Ran reconciliation',
    says: (event) => {
      const read = plural(count(event, 'transactionsRead'), 'transaction');
      const found = count(event, 'exceptionsFound');
      return act(`ran reconciliation: read ${read}, found ${found === 0 ? 'no new exceptions' : plural(found, 'new exception')}`, 'run reconciliation');
    },
    said: ['transactionsRead', 'exceptionsFound'],
  },
  'reconciliation.exception.acknowledge': {
    area: 'reconciliation',
    label: 'Acknowledged a reconciliation exception',
    says: (event) => act('acknowledged', 'acknowledge', exceptionRef(event)),
    said: ['kind'],
  },
  'reconciliation.exception.resolve': {
    area: 'reconciliation',
    label: 'Resolved a reconciliation exception',
    says: (event) => act('resolved', 'resolve', exceptionRef(event)),
    said: ['kind'],
  },
  'reconciliation.exceptions.export': {
    area: 'reconciliation',
    label: 'Exported reconciliation exceptions',
    says: () => act('exported reconciliation exceptions as CSV', 'export reconciliation exceptions as CSV'),
  },

  'settings.reward_limits': { area: 'settings', label: 'Changed the reward limits', says: (_, viewer) => act('changed', 'change', settingRef('the reward limits', viewer)) },
  'settings.wallet': {
    area: 'settings',
    label: 'Changed the low-balance threshold',
    says: (_, viewer) => act('changed', 'change', settingRef('the wallet’s low-balance threshold', viewer)),
  },
  'settings.second_factor': {
    area: 'settings',
    label: 'Changed the second-factor policy',
    says: (_, viewer) => act('changed', 'change', settingRef('the second-factor policy', viewer)),
  },
  'ingest_token.create': { area: 'settings', label: 'Created an ingest token', says: (event, viewer) => act('created', 'create', apiKeyRef(event, viewer, 'ingest token')), said: ['name'] },
  'ingest_token.revoke': { area: 'settings', label: 'Revoked an ingest token', says: (event, viewer) => act('revoked', 'revoke', apiKeyRef(event, viewer, 'ingest token')) },
  'api_key.create': { area: 'settings', label: 'Created an API key', says: (event, viewer) => act('created', 'create', apiKeyRef(event, viewer)), said: ['name', 'scopes', 'expiresAt', 'allowedIps', 'limits'] },
  'api_key.roll': { area: 'settings', label: 'Rolled an API key', says: (event, viewer) => act('rolled', 'roll', apiKeyRef(event, viewer)), said: ['overlapHours', 'previousValidUntil'] },
  'api_key.revoke': { area: 'settings', label: 'Revoked an API key', says: (event, viewer) => act('revoked', 'revoke', apiKeyRef(event, viewer)) },

  ...webhookActionWords,

  'ads.check': {
    area: 'ads',
    label: 'Checked ads',
    says: (event) => act(`checked ${plural(count(event, 'count'), 'ad')}`, 'check ads'),
    said: ['count'],
  },

  'user_names.set': {
    area: 'users',
    label: 'Set the app’s names of users',
    // One user's names set alone name that user (their names are not in the log); many at once are counted.
    says: (event) => {
      const whom = targetOf(event)?.kind === 'user' ? userTargetRef(event) : [plural(count(event, 'count'), 'user')];
      return act('set the app’s names of', 'set the app’s names of', whom);
    },
    said: ['count'],
  },

  'audit.export': { area: 'audit', label: 'Exported the audit log', says: () => act('exported the audit log as CSV', 'export the audit log as CSV') },
  'audit.verify': {
    area: 'audit',
    label: 'Verified the audit log',
    says: (event) => act(event.details.intact === false ? 'verified the audit log: it is not intact' : 'verified the audit log: intact', 'verify the audit log'),
    said: ['intact'],
  },
};

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(auditActionWords, action);

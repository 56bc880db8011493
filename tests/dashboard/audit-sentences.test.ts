import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../bff/src/auth/permissions.ts';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { AuditEvent } from '../../dashboard/src/features/audit/api/get-audit-events.ts';
import { actionFilterGroups, auditAreas } from '../../dashboard/src/features/audit/audit-action-filter.ts';
import { auditActionWords, type AuditAction } from '../../dashboard/src/features/audit/audit-actions.ts';
import { auditDetailFields, type DetailField } from '../../dashboard/src/features/audit/audit-detail-fields.ts';
import type { AuditViewer } from '../../dashboard/src/features/audit/audit-referents.ts';
import { sentenceText, type Sentence } from '../../dashboard/src/features/audit/audit-sentence-parts.ts';
import { auditSentence } from '../../dashboard/src/features/audit/audit-sentence.ts';
import { auditEvent } from './support/audit.ts';

const ADMIN = { id: '5d1c0a56-3f0e-4e43-9a53-1b2c3d4e5f60', email: 'admin@sandbox.local', role: 'admin' } as const;
const OPS = { id: '7e2d1b67-4a1f-4f54-8b64-2c3d4e5f6071', email: 'ops@sandbox.local', role: 'ops' } as const;
const DANA = '9f3e2c78-5b2a-4065-9c75-3d4e5f607182';
const REWARD = 'a04f3d89-6c3b-4176-8d86-4e5f60718293';
const BATCH = 'b15a4e90-7d4c-4287-9e97-5f6071829304';

const event = (overrides: Partial<AuditEvent>): AuditEvent => auditEvent({ actor: ADMIN, ...overrides });

/** A system event: the console acting by itself, with no request. */
const bySystem = { actor: null, actorName: null, clientIp: null, requestId: null } as const;

const viewer = (role: Role): AuditViewer => ({ can: (permission) => permissionsOf(role).includes(permission) });
const text = (sentence: Sentence) => sentenceText(sentence);
const links = (sentence: Sentence) => sentence.flatMap((part) => (typeof part !== 'string' && part.to ? [[part.text, part.to]] : []));

const danaChange = (from: { role: string; disabled: boolean }, to: { role: string; disabled: boolean }) =>
  event({ action: 'staff.update', target: `staff:${DANA}`, subject: { kind: 'staff', name: 'Dana Reyes', email: 'dana@example.com' }, details: { from, to } });

describe('an audit event as a sentence', () => {
  it('names the staff member changed and says the change, linking them for those who manage staff', () => {
    const sentence = auditSentence(danaChange({ role: 'support', disabled: false }, { role: 'manager', disabled: false }), viewer('admin'));
    expect(text(sentence)).toBe('Sandbox Admin changed Dana Reyes’s role from Support to Manager');
    expect(links(sentence)).toEqual([['Dana Reyes', '/staff']]);

    expect(links(auditSentence(danaChange({ role: 'support', disabled: false }, { role: 'manager', disabled: false }), viewer('support')))).toEqual([]);
  });

  it('says a disabling, an enabling and both changes at once', () => {
    expect(text(auditSentence(danaChange({ role: 'ops', disabled: false }, { role: 'ops', disabled: true }), viewer('admin')))).toBe('Sandbox Admin disabled Dana Reyes');
    expect(text(auditSentence(danaChange({ role: 'ops', disabled: true }, { role: 'ops', disabled: false }), viewer('admin')))).toBe('Sandbox Admin enabled Dana Reyes again');
    expect(text(auditSentence(danaChange({ role: 'admin', disabled: false }, { role: 'ops', disabled: true }), viewer('admin')))).toBe(
      'Sandbox Admin changed Dana Reyes’s role from Admin to Ops and disabled them',
    );
  });

  it('says a reward paid, with its amount, linked to the reward and to its user', () => {
    const manager = { id: OPS.id, email: 'manager@sandbox.local', role: 'manager' } as const;
    const paid = event({ actor: manager, actorName: null, action: 'reward.request', target: `reward:${REWARD}`, details: { state: 'requested', uid: 'user-42', amount: '1.25' } });
    const sentence = auditSentence(paid, viewer('support'));
    expect(text(sentence)).toBe('manager@sandbox.local paid a reward of 1.25 to user-42');
    expect(links(sentence)).toEqual([
      ['a reward', `/rewards/${REWARD}`],
      ['user-42', '/users/user-42'],
    ]);

    const waiting = { ...paid, details: { ...paid.details, state: 'awaiting_approval' } };
    expect(text(auditSentence(waiting, viewer('support')))).toBe('manager@sandbox.local asked to pay a reward of 1.25 to user-42, which waits for approval');
  });

  it('says a refund: the payment refunded, and the reward that pays it back; a refusal over what is left says why', () => {
    const manager = { id: OPS.id, email: 'manager@sandbox.local', role: 'manager' } as const;
    const refunded = event({ actor: manager, actorName: null, action: 'reward.request', target: `reward:${REWARD}`, details: { state: 'requested', uid: 'user-42', amount: '2', refundOf: 'pay_1' } });
    const sentence = auditSentence(refunded, viewer('support'));
    expect(text(sentence)).toBe('manager@sandbox.local refunded payment pay_1 with a reward of 2 to user-42');
    expect(links(sentence)).toEqual([
      ['pay_1', '/payments/pay_1'],
      ['a reward', `/rewards/${REWARD}`],
      ['user-42', '/users/user-42'],
    ]);
    const waiting = { ...refunded, details: { ...refunded.details, state: 'awaiting_approval' } };
    expect(text(auditSentence(waiting, viewer('support')))).toBe('manager@sandbox.local asked to refund payment pay_1 with a reward of 2 to user-42, which waits for approval');

    const refused = event({ actor: manager, actorName: null, action: 'reward.payout_refused', target: 'payment:pay_1', outcome: 'refused', details: { refundOf: 'pay_1', uid: 'user-42', amount: '3', code: 'over_refundable', remaining: '1' } });
    expect(text(auditSentence(refused, viewer('support')))).toBe('manager@sandbox.local was refused refunding payment pay_1 with a reward of 3 to user-42');
    expect(auditDetailFields(refused).map((detail) => [detail.label, 'value' in detail ? text(detail.value) : ''])).toEqual([
      ['Why', 'More than was left of the payment to refund.'],
      ['Remaining', '1'],
    ]);
  });

  it('takes what the console knows of a reward when the event does not say it', () => {
    const approved = event({ action: 'reward.approve', target: `reward:${REWARD}`, subject: { kind: 'reward', uid: 'user-7', userNames: null, amount: '30' }, details: { state: 'requested' } });
    expect(text(auditSentence(approved, viewer('support')))).toBe('Sandbox Admin approved a reward of 30 to user-7');
  });

  it('says what the console did by itself', () => {
    const completed = event({ ...bySystem, action: 'reward.complete', target: `reward:${REWARD}`, subject: { kind: 'reward', uid: 'user-7', userNames: null, amount: '30' } });
    expect(text(auditSentence(completed, viewer('support')))).toBe('The console completed a reward of 30 to user-7');
  });

  it('says a payment by its id, linked, with its amount and user when the console has it', () => {
    const id = 'pay_0123456789abcdefghijklmnop';
    const cancelled = event({ actor: OPS, actorName: null, action: 'payment.cancel', target: `payment:${id}`, subject: { kind: 'payment', uid: 'user-9', userNames: null, amount: '3', direction: 'user_to_app' } });
    const sentence = auditSentence(cancelled, viewer('ops'));
    expect(text(sentence)).toBe('ops@sandbox.local cancelled payment pay_0123…klmnop of 3 from user-9');
    expect(links(sentence)).toEqual([
      ['pay_0123…klmnop', `/payments/${id}`],
      ['user-9', '/users/user-9'],
    ]);
    expect(sentence.find((part) => typeof part !== 'string' && part.title === id)).toBeDefined();

    const unknownPayment = { ...cancelled, subject: null };
    expect(text(auditSentence(unknownPayment, viewer('ops')))).toBe('ops@sandbox.local cancelled payment pay_0123…klmnop');
  });

  it('says what was tried when it did not go through', () => {
    const refused = event({ action: 'payment.cancel', target: 'payment:abc', outcome: 'refused', upstream: { status: 400, code: 'already_completed' } });
    expect(text(auditSentence(refused, viewer('ops')))).toBe('Sandbox Admin tried to cancel payment abc');
    expect(text(auditSentence({ ...refused, outcome: 'unknown' }, viewer('ops')))).toBe('Sandbox Admin tried to cancel payment abc');
  });

  it('says a failed sign-in as someone trying, with the email typed', () => {
    const failed = event({ actor: null, actorName: null, action: 'session.sign_in', target: 'staff:dana@example.com', outcome: 'failed', details: { reason: 'wrong_credentials' } });
    expect(text(auditSentence(failed, viewer('support')))).toBe('Someone tried to sign in as dana@example.com');
  });

  it('says a reconciliation run with what it read and found', () => {
    const run = event({ actor: OPS, actorName: 'Sandbox Ops', action: 'reconciliation.run', details: { transactionsRead: 12, exceptionsFound: 0 } });
    expect(text(auditSentence(run, viewer('ops')))).toBe('Sandbox Ops ran reconciliation: read 12 transactions, found no new exceptions');
    expect(text(auditSentence({ ...run, details: { transactionsRead: 1, exceptionsFound: 2 } }, viewer('ops')))).toBe(
      'Sandbox Ops ran reconciliation: read 1 transaction, found 2 new exceptions',
    );
  });

  it('says a refusal for a role with what the role may not do, and the request', () => {
    const denied = event({ actorName: 'Sandbox Support', action: 'access.denied', target: 'GET /api/staff', outcome: 'denied', details: { status: 403, needs: 'staff:manage' } });
    expect(text(auditSentence(denied, viewer('support')))).toBe('Sandbox Support was refused: their role may not manage staff (GET /api/staff)');
    const signedOut = event({ actor: null, actorName: null, action: 'access.denied', target: 'GET /api/audit', outcome: 'denied', details: { status: 401, needs: 'audit:read' } });
    expect(text(auditSentence(signedOut, viewer('support')))).toBe('Someone was refused: not signed in (GET /api/audit)');
  });

  it('says second factors given, refused and asked for, without the code', () => {
    const say = (overrides: Partial<AuditEvent>) => text(auditSentence(event({ actorName: 'Sandbox Ops', target: `staff:${OPS.id}`, ...overrides }), viewer('admin')));
    expect(say({ action: 'session.sign_in', details: { secondFactor: 'awaited' } })).toBe('Sandbox Ops gave the right password; their second factor was asked for');
    expect(say({ action: 'session.second_factor', details: { method: 'totp' } })).toBe('Sandbox Ops signed in with an authenticator code');
    expect(say({ action: 'session.second_factor', outcome: 'failed', details: { method: 'totp', reason: 'reused' } })).toBe('Sandbox Ops gave an already used authenticator code for signing in');
    expect(say({ action: 'session.step_up', outcome: 'failed', details: { method: 'recovery', reason: 'wrong' } })).toBe('Sandbox Ops gave a wrong or expired recovery code for a step-up');
    expect(say({ action: 'session.step_up', outcome: 'denied', details: { method: 'totp', reason: 'throttled' } })).toBe('Sandbox Ops was held back from a step-up after too many wrong attempts');
    expect(say({ action: 'session.step_up', details: { method: 'totp' } })).toBe('Sandbox Ops confirmed it was them with an authenticator code');
    expect(say({ action: 'totp.confirm', details: { recoveryCodes: 10 } })).toBe('Sandbox Ops added an authenticator app and got new recovery codes');
    expect(say({ action: 'access.denied', target: 'POST /api/rewards', outcome: 'denied', details: { status: 401, needs: 'rewards:pay', reason: 'step_up_required' } })).toBe(
      'Sandbox Ops was refused: it needed a fresh second factor (step-up) (POST /api/rewards)',
    );
  });

  it('names a batch by its file, linked to it', () => {
    const started = event({ action: 'reward_batch.start', target: `reward_batch:${BATCH}`, subject: { kind: 'reward_batch', fileName: 'may.csv', rowCount: 3 } });
    const sentence = auditSentence(started, viewer('support'));
    expect(text(sentence)).toBe('Sandbox Admin started batch may.csv');
    expect(links(sentence)).toEqual([['batch may.csv', `/rewards/batches/${BATCH}`]]);
  });

  it('reads an action it has no words for, with its target', () => {
    expect(text(auditSentence(event({ action: 'legacy.thing_done', target: 'thing:1' }), viewer('admin')))).toBe('Sandbox Admin: legacy thing done (thing:1)');
    expect(text(auditSentence(event({ ...bySystem, action: 'legacy.tick' }), viewer('admin')))).toBe('The console: legacy tick');
  });

  it('has words for every action the console writes, whatever the outcome, with no code in them', () => {
    for (const action of Object.keys(auditActionWords) as AuditAction[]) {
      for (const outcome of ['ok', 'refused'] as const) {
        const said = text(auditSentence(event({ action, outcome, target: null }), viewer('admin')));
        expect(said, action).toMatch(/^Sandbox Admin [a-z]/);
        expect(said, action).not.toContain(action);
        expect(said, action).not.toMatch(/_|undefined|null|NaN|\[object/);
      }
    }
  });
});

describe('the details of an audit event', () => {
  const field = (fields: DetailField[], label: string) => fields.find((candidate) => candidate.label === label);
  const asText = (detail: DetailField | undefined) =>
    detail === undefined ? undefined : 'value' in detail ? text(detail.value) : `${text(detail.before)} → ${text(detail.after)}`;

  it('show a staff change as before → after, only what changed', () => {
    const fields = auditDetailFields(danaChange({ role: 'support', disabled: false }, { role: 'manager', disabled: false }));
    expect(fields.map(asText)).toEqual(['Support → Manager']);
    expect(fields[0]?.label).toBe('Role');
    expect(auditDetailFields(danaChange({ role: 'ops', disabled: false }, { role: 'ops', disabled: true })).map(asText)).toEqual(['no → yes']);
  });

  it('show a setting change as before → after in the words of Settings', () => {
    const fields = auditDetailFields(
      event({
        action: 'settings.reward_limits',
        details: { before: { perRewardCap: null, dailyTotalPerStaff: '500', approvalThreshold: '50' }, after: { perRewardCap: '100', dailyTotalPerStaff: '500', approvalThreshold: '50' } },
      }),
    );
    expect(fields.map((detail) => `${detail.label}: ${asText(detail)}`)).toEqual(['Cap per reward: none → 100']);
  });

  it("show a batch's move as its states in words", () => {
    const fields = auditDetailFields(event({ action: 'reward_batch.start', target: `reward_batch:${BATCH}`, details: { from: 'previewed', to: 'running' } }));
    expect(fields.map((detail) => `${detail.label}: ${asText(detail)}`)).toEqual(['State: Previewed: nothing paid yet → Paying']);
  });

  it('say why in words, and what the platform answered', () => {
    const signIn = auditDetailFields(event({ action: 'session.sign_in', outcome: 'failed', details: { reason: 'wrong_credentials' } }));
    expect(signIn.map((detail) => `${detail.label}: ${asText(detail)}`)).toEqual(['Why: Wrong email or password.']);

    const cancel = auditDetailFields(event({ action: 'payment.cancel', outcome: 'refused', upstream: { status: 400, code: 'already_completed' }, details: { reason: 'duplicate' } }));
    expect(asText(field(cancel, 'Platform'))).toBe('This payment is already completed; it cannot be cancelled or completed again.');

    const refusedCreate = auditDetailFields(event({ action: 'reward.create', outcome: 'refused', upstream: { status: 400, code: 'user_not_found' }, details: { code: 'user_not_found' } }));
    expect(refusedCreate.map((detail) => `${detail.label}: ${asText(detail)}`)).toEqual(['Why: No such user for this app.']);
  });

  it('keep the words staff typed as they are', () => {
    const cancel = auditDetailFields(event({ action: 'payment.cancel', details: { reason: 'asked_by user (ticket_12)' } }));
    expect(cancel.map((detail) => `${detail.label}: ${asText(detail)}`)).toEqual(['Why: asked_by user (ticket_12)']);
  });

  it('leave out what the sentence says, and link the ids they name', () => {
    const adopted = event({ action: 'reward.payout_refused', details: { paymentId: 'pay_1', uid: 'user-1', amount: '9', code: 'over_daily_total' } });
    const fields = auditDetailFields(adopted);
    expect(fields.map((detail) => detail.label)).toEqual(['Why']);

    const cleared = auditDetailFields(event({ action: 'incomplete.clear', details: { ids: ['p1', 'p2', 'p3', 'p4'], unpaid: 'cancel' } }));
    const payments = field(cleared, 'Payments');
    expect(asText(payments)).toBe('p1, p2, p3 and 1 more');
    expect(payments && 'value' in payments && links(payments.value)).toEqual([
      ['p1', '/payments/p1'],
      ['p2', '/payments/p2'],
      ['p3', '/payments/p3'],
    ]);
    expect(asText(field(cleared, 'Unpaid ones'))).toBe('cancel them');
  });

  it('label fields nobody worded yet in words', () => {
    expect(auditDetailFields(event({ action: 'legacy.thing', details: { sentChunks: 2, someFlag: true } })).map((detail) => `${detail.label}: ${asText(detail)}`)).toEqual([
      'Parts sent: 2',
      'Some flag: yes',
    ]);
  });
});

describe('the action filter', () => {
  const options = actionFilterGroups.flatMap((group) => group.options);
  const matches = (value: string, action: string) => value.split(',').some((term) => (term.endsWith('*') ? action.startsWith(term.slice(0, -1)) : action === term));

  it('offers every action once, in its words, grouped by area', () => {
    const actions = Object.keys(auditActionWords);
    expect(options.filter((option) => actions.includes(option.value)).map((option) => option.value)).toEqual(actions);
    const staff = actionFilterGroups.find((group) => group.label === 'Staff');
    expect(staff?.options.map((option) => option.label)).toEqual([
      'Anything in Staff',
      'Created the first staff',
      'Set a password with a setup link',
      'Added a staff member',
      'Changed a staff member',
      'Reset a staff member’s access',
      'Reset a staff member’s second factors',
      'Ended a staff member’s sessions',
    ]);
  });

  it("offers each area whole, and an area's choice takes its actions and no others", () => {
    for (const group of actionFilterGroups) {
      const [whole, ...own] = group.options;
      expect(whole?.label).toBe(`Anything in ${group.label}`);
      for (const action of Object.keys(auditActionWords)) {
        expect(matches(whole?.value ?? '', action), `${group.label}: ${action}`).toBe(own.some((option) => option.value === action));
      }
    }
    expect(Object.values(auditAreas).map((area) => area.label)).toEqual(actionFilterGroups.map((group) => group.label));
  });
});

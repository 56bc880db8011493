import { paymentPath } from '../../components/payment/payment-path.ts';
import { userPath } from '../../components/user/user-path.ts';
import type { Permission } from '../../lib/access.ts';
import { shortenMiddle } from '../../lib/shorten-middle.ts';
import { batchPath } from '../../display/batch/batch-filters.ts';
import { exceptionKindLabels } from '../../display/reconciliation/exception-words.ts';
import { rewardPath } from '../../display/reward/reward-filters.ts';
import type { AuditEvent } from './api/get-audit-events.ts';
import { words, type Sentence, type SentenceTerm } from './audit-sentence-parts.ts';

/** Who reads the log: names link only to pages their role may open. */
export interface AuditViewer {
  can(permission: Permission): boolean;
}

/** The kind and id of an event's target (`payment:<id>` → ['payment', '<id>']); a refused request's target has no kind. */
export function targetOf(event: AuditEvent): { kind: string; id: string } | null {
  const colon = event.target?.indexOf(':') ?? -1;
  return event.target && colon > 0 ? { kind: event.target.slice(0, colon), id: event.target.slice(colon + 1) } : null;
}

/** A text or number in the event's details, as text. */
export function detailText(event: AuditEvent, key: string): string | undefined {
  const value = event.details[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function idTerm(id: string, to: string): SentenceTerm {
  const text = shortenMiddle(id);
  return text === id ? { text, to, id: true } : { text, to, title: id, id: true };
}

export function userRef(uid: string): SentenceTerm {
  return idTerm(uid, userPath(uid));
}

export function paymentIdRef(id: string): SentenceTerm {
  return idTerm(id, paymentPath(id));
}

const looksLikeEmail = (text: string) => text.includes('@');

/** The staff member the event was done to, by name, linked to the Staff page for those who manage staff. */
export function staffRef(event: AuditEvent, viewer: AuditViewer): Sentence {
  const subject = event.subject?.kind === 'staff' ? event.subject : null;
  const id = targetOf(event)?.id ?? '';
  const text = subject?.name ?? (looksLikeEmail(id) ? id : 'a staff member');
  return [viewer.can('staff:manage') ? { text, to: '/staff' } : { text }];
}

/** "Dana Reyes’s", for "changed Dana Reyes’s role". */
export function staffPossessive(event: AuditEvent, viewer: AuditViewer): Sentence {
  return words`${staffRef(event, viewer)}’s`;
}

/** The email the event names: the staff member's as the console knows it, else the one in the target. */
export function staffEmail(event: AuditEvent): string {
  if (event.subject?.kind === 'staff') return event.subject.email;
  return detailText(event, 'email') ?? targetOf(event)?.id ?? 'an unknown email';
}

/** "a reward of 1.25 to <uid>": the reward linked to its page, its user to theirs; what is known of it, from the console or the event. */
export function rewardRef(event: AuditEvent): Sentence {
  const target = targetOf(event);
  const subject = event.subject?.kind === 'reward' ? event.subject : null;
  const uid = subject?.uid ?? detailText(event, 'uid');
  const amount = subject?.amount ?? detailText(event, 'amount');
  const reward: Sentence = target?.kind === 'reward' ? [{ text: 'a reward', to: rewardPath(target.id) }] : ['a reward'];
  return words`${reward}${amount ? ` of ${amount}` : ''}${uid ? words` to ${userRef(uid)}` : ''}`;
}

/** "payment <id> of 3 to <uid>", the amount and user when the console has the payment in its index. */
export function paymentRef(event: AuditEvent): Sentence {
  const target = targetOf(event);
  if (target?.kind !== 'payment') return ['a payment'];
  const subject = event.subject?.kind === 'payment' ? event.subject : null;
  const whose = subject ? words` of ${subject.amount} ${subject.direction === 'app_to_user' ? 'to' : 'from'} ${userRef(subject.uid)}` : [];
  return words`payment ${paymentIdRef(target.id)}${whose}`;
}

/** "batch rewards-may.csv", linked to the batch's page. */
export function batchRef(event: AuditEvent): Sentence {
  const target = targetOf(event);
  if (target?.kind !== 'reward_batch') return ['a batch'];
  const fileName = event.subject?.kind === 'reward_batch' ? event.subject.fileName : null;
  return [{ text: fileName ? `batch ${fileName}` : 'a batch', to: batchPath(target.id) }];
}

/** "a reconciliation exception (Paid twice)", linked to the Reconciliation page. */
export function exceptionRef(event: AuditEvent): Sentence {
  const kind = detailText(event, 'kind');
  const label = kind && kind in exceptionKindLabels ? exceptionKindLabels[kind as keyof typeof exceptionKindLabels] : null;
  return words`${{ text: 'a reconciliation exception', to: '/reconciliation' }}${label ? ` (${label})` : ''}`;
}

/** "API key “Backend”" (or, for rows written before keys, "ingest token “Backend”"), linked to API keys for those who manage them. */
export function apiKeyRef(event: AuditEvent, viewer: AuditViewer, noun: 'API key' | 'ingest token' = 'API key'): Sentence {
  const name = event.subject?.kind === 'api_key' ? event.subject.name : detailText(event, 'name');
  const text = name ? `${noun} “${name}”` : `an ${noun}`;
  return [viewer.can('api-keys:manage') ? { text, to: '/api-keys' } : { text }];
}

/** A setting's name, linked to Settings for admins. */
export function settingRef(text: string, viewer: AuditViewer): Sentence {
  return [viewer.can('settings:manage') ? { text, to: '/settings' } : { text }];
}

/** A refused request as it was made: "POST /api/staff". */
export function requestRef(event: AuditEvent): Sentence {
  return event.target ? words` (${{ text: event.target, id: true }})` : [];
}

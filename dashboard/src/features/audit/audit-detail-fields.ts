import { roleLabels, roles, type Role } from '../../lib/roles.ts';
import { shortenMiddle } from '../../lib/shorten-middle.ts';
import { batchPath } from '../../display/batch/batch-filters.ts';
import { batchStateWords } from '../../display/batch/batch-states.ts';
import { exceptionKindLabels, exceptionStateLabels } from '../../display/reconciliation/exception-words.ts';
import { rewardPath } from '../../display/reward/reward-filters.ts';
import { rewardStateWords } from '../../display/reward/reward-states.ts';
import type { AuditEvent } from './api/get-audit-events.ts';
import { auditActionWords, isAuditAction } from './audit-actions.ts';
import { auditCodeWords } from './audit-code-words.ts';
import { paymentIdRef, userRef } from './audit-referents.ts';
import { words, type Sentence } from './audit-sentence-parts.ts';

/** One detail of an event in words: a value, or a change from one value to another. */
export type DetailField = { label: string; value: Sentence } | { label: string; before: Sentence; after: Sentence };

const labels: Record<string, string> = {
  reason: 'Why',
  code: 'Why',
  message: 'Message',
  note: 'Note',
  state: 'State',
  paymentId: 'Payment',
  blockingPaymentId: 'Blocked by payment',
  rewardId: 'Reward',
  batchId: 'Batch',
  uid: 'User',
  amount: 'Amount',
  txid: 'Transaction',
  ids: 'Payments',
  unpaid: 'Unpaid ones',
  filters: 'Filters',
  query: 'Filters',
  rows: 'Rows',
  valid: 'Valid rows',
  total: 'Total',
  settles: 'Settles',
  settled: 'Found',
  firstBad: 'First bad row',
  error: 'Error',
  sentChunks: 'Parts sent',
  kind: 'Kind',
  role: 'Role',
  disabled: 'Disabled',
  email: 'Email',
  name: 'Name',
  passwordless: 'Signs in without a password',
  outcomeUnknown: 'Answer lost',
  perRewardCap: 'Cap per reward',
  dailyTotalPerStaff: 'Daily total per staff member',
  approvalThreshold: 'Approval threshold',
  lowBalance: 'Low-balance threshold',
};

/** Kept in the raw details only: who decided is the actor already; a passkey is named by its name. */
const hidden = ['approvedBy', 'rejectedBy', 'passkey'];

/** "sentChunks" or "sent_chunks" → "Sent chunks". */
function humanize(key: string): string {
  const spaced = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const labelOf = (key: string) => labels[key] ?? humanize(key);

const isCode = (value: string) => /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(value);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function known<Words extends Record<string, string>>(table: Words, value: string): string | undefined {
  return Object.hasOwn(table, value) ? table[value as keyof Words] : undefined;
}

function stateWords(event: AuditEvent, state: string): string {
  const table = event.action.startsWith('reconciliation.') ? exceptionStateLabels : event.action.startsWith('reward_batch.') ? batchStateWords : rewardStateWords;
  return known(table, state) ?? humanize(state);
}

/** An object's set entries, as "Actor: ada, Outcome: denied". */
function entriesWords(object: Record<string, unknown>): string {
  const set = Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return set.length === 0 ? 'none' : set.map(([key, value]) => `${labelOf(key)}: ${plainWords(value)}`).join(', ');
}

function plainWords(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(plainWords).join(', ');
  if (isRecord(value)) return entriesWords(value);
  return String(value);
}

/** A detail's value in words, ids linked to their pages. */
function valueWords(event: AuditEvent, key: string, value: unknown): Sentence {
  if (typeof value === 'string') {
    switch (key) {
      case 'reason':
      case 'code':
        // A reason is a code the console chose, or the words staff typed (a cancel's reason): those stay as they are.
        return [isCode(value) ? auditCodeWords(value) : value];
      case 'role':
        return [roles.includes(value as Role) ? roleLabels[value as Role] : value];
      case 'state':
        return [stateWords(event, value)];
      case 'kind':
        return [known(exceptionKindLabels, value) ?? humanize(value)];
      case 'unpaid':
        return [value === 'cancel' ? 'cancel them' : 'pay and complete them'];
      case 'ids':
        return ['all listed'];
      case 'paymentId':
      case 'blockingPaymentId':
        return [paymentIdRef(value)];
      case 'rewardId':
        return [{ text: shortenMiddle(value), to: rewardPath(value), title: value, id: true }];
      case 'batchId':
        return [{ text: shortenMiddle(value), to: batchPath(value), title: value, id: true }];
      case 'uid':
        return [userRef(value)];
      case 'txid':
        return [{ text: shortenMiddle(value), title: value, id: true }];
    }
  }
  if (key === 'ids' && Array.isArray(value)) return idsWords(value.map(String));
  if (key === 'settles') return [`row ${plainWords(value)}`];
  if (key === 'firstBad' && isRecord(value)) return [`row ${plainWords(value.id)} (${plainWords(value.problem)})`];
  if (key === 'error' && isRecord(value)) return [plainWords(value.message ?? value.name)];
  return [plainWords(value)];
}

/** A few payment ids, linked; the rest counted. */
function idsWords(ids: string[]): Sentence {
  const shown = ids.slice(0, 3).map(paymentIdRef);
  const rest = ids.length - shown.length;
  return shown.reduce<Sentence>((sentence, id, index) => words`${sentence}${index > 0 ? ', ' : ''}${id}`, []).concat(rest > 0 ? [` and ${rest} more`] : []);
}

/** What changed between two objects, one field per key whose value differs. */
function changes(event: AuditEvent, before: Record<string, unknown>, after: Record<string, unknown>): DetailField[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ label: labelOf(key), before: valueWords(event, key, before[key]), after: valueWords(event, key, after[key]) }));
}

/** The change an event records under `from`/`to` (a staff change, a batch's state) or `before`/`after` (a setting); null when those are not a pair. */
function recordedChange(event: AuditEvent, first: unknown, second: unknown): DetailField[] | null {
  if (isRecord(first) && isRecord(second)) return changes(event, first, second);
  if (typeof first === 'string' && typeof second === 'string') {
    return first === second ? [] : [{ label: 'State', before: [stateWords(event, first)], after: [stateWords(event, second)] }];
  }
  return null;
}

const PAIRS = [
  ['from', 'to'],
  ['before', 'after'],
] as const;

/** What the platform answered, in words; nothing when a field says it already (a refusal's code is often the platform's). */
function upstreamField(upstream: NonNullable<AuditEvent['upstream']>, fields: readonly DetailField[]): DetailField[] {
  const answer = auditCodeWords(upstream.code);
  if (fields.some((field) => 'value' in field && field.value.length === 1 && field.value[0] === answer)) return [];
  return [{ label: 'Platform', value: [upstream.status === null ? `No answer. ${answer}` : answer] }];
}

/**
 * An event's details in words: what changed as before → after, then each other detail with its label,
 * leaving out what its sentence says already; then what the platform answered.
 */
export function auditDetailFields(event: AuditEvent): DetailField[] {
  const { details } = event;
  const left = new Set<string>([...hidden, ...(isAuditAction(event.action) ? (auditActionWords[event.action].said ?? []) : [])]);
  const fields: DetailField[] = [];
  for (const [first, second] of PAIRS) {
    const change = recordedChange(event, details[first], details[second]);
    if (!change) continue;
    fields.push(...change);
    left.add(first).add(second);
  }
  for (const [key, value] of Object.entries(details)) {
    if (left.has(key)) continue;
    fields.push({ label: labelOf(key), value: valueWords(event, key, value) });
  }
  if (event.upstream) fields.push(...upstreamField(event.upstream, fields));
  return fields;
}

import type { AuditEvent } from './api/get-audit-events.ts';
import { detailText, type AuditViewer } from './audit-referents.ts';
import { words, type Sentence } from './audit-sentence-parts.ts';

/** What the actor did, said after their name: `done` when it went through, `tried` when it did not. */
export interface Predicate {
  done: Sentence;
  tried: Sentence;
}

/** Where an action belongs, for the action filter's groups. */
export type AuditArea = 'access' | 'staff' | 'payments' | 'rewards' | 'batches' | 'reconciliation' | 'settings' | 'ads' | 'users' | 'audit';

export interface ActionWords {
  area: AuditArea;
  /** The action in the filter's list, in the words of its rows: "Changed a staff member". */
  label: string;
  /** What the actor did; one sentence for any outcome when the action is itself a refusal ("was refused …"). */
  says(event: AuditEvent, viewer: AuditViewer): Predicate | Sentence;
  /** Detail fields the sentence says already, left out of the fields shown under it. */
  said?: readonly string[];
}

/** "cancelled payment X" when it went through, "tried to cancel payment X" when it did not. */
export function act(done: string, base: string, object: Sentence = []): Predicate {
  const what = object.length > 0 ? words` ${object}` : [];
  return { done: words`${done}${what}`, tried: words`tried to ${base}${what}` };
}

export const count = (event: AuditEvent, key: string) => Number(detailText(event, key) ?? 0);
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

import type { AuditEvent } from './api/get-audit-events.ts';
import { auditActionWords, isAuditAction } from './audit-actions.ts';
import type { AuditViewer } from './audit-referents.ts';
import { words, type Sentence } from './audit-sentence-parts.ts';

/**
 * Who acted, as the sentence names them: their name (their email when the console no longer knows
 * it); "Someone" for a request nobody was signed in for; "The console" for what it did by itself.
 */
export function actorWords(event: AuditEvent): string {
  if (event.actor) return event.actorName ?? event.actor.email;
  return event.clientIp !== null || event.requestId !== null ? 'Someone' : 'The console';
}

/** "staff.reset_access" → "staff reset access": an action this page has no words for, still readable. */
function unknownActionWords(action: string): string {
  return action.replace(/[._]+/g, ' ').trim();
}

/**
 * One audit event as a sentence, with links to what it names: "Sandbox Admin changed Dana Reyes’s
 * role from Support to Manager". What did not go through says what was tried; an action the console
 * has no words for says its name and its target.
 */
export function auditSentence(event: AuditEvent, viewer: AuditViewer): Sentence {
  const actor = actorWords(event);
  if (!isAuditAction(event.action)) {
    const target = event.target ? words` (${{ text: event.target, id: true }})` : [];
    return words`${actor}: ${unknownActionWords(event.action)}${target}`;
  }
  const said = auditActionWords[event.action].says(event, viewer);
  const predicate = Array.isArray(said) ? said : event.outcome === 'ok' ? said.done : said.tried;
  return words`${actor} ${predicate}`;
}

import { looksLikePaymentId, paymentPath } from '../../components/payment/payment-path.ts';
import { pathIdProblem } from '../../../../common/path-id.ts';
import { hasStrayCharacters, pathIdProblemWords } from '../../lib/path-id-words.ts';

const TXID = /^[0-9a-fA-F]{64}$/;

/** Why `id` cannot be looked up, in words for staff, or null when it can. */
export function idProblem(id: string): string | null {
  return pathIdProblemWords(id, 'Enter a payment id, a txid or a user uid.');
}

/** A uid travels in the query string, so it may hold characters a path id may not (the "@" of an email). */
function uidOnly(text: string): boolean {
  return pathIdProblem(text) === 'characters' && !hasStrayCharacters(text);
}

export type LookupTarget = { kind: 'payment'; id: string } | { kind: 'txid'; txid: string } | { kind: 'uid'; uid: string };

export type Lookup = { ok: true; target: LookupTarget } | { ok: false; problem: string };

/**
 * What the top-bar search was given: 64 hex characters are a txid, 28 alphanumeric characters a
 * payment id, and anything else that is a well-formed id a user uid (often a UUID).
 */
export function classifyLookup(input: string): Lookup {
  const text = input.trim();
  const problem = uidOnly(text) ? null : idProblem(text);
  if (problem) return { ok: false, problem };
  if (TXID.test(text)) return { ok: true, target: { kind: 'txid', txid: text.toLowerCase() } };
  if (looksLikePaymentId(text)) return { ok: true, target: { kind: 'payment', id: text } };
  return { ok: true, target: { kind: 'uid', uid: text } };
}

const SHORT_PLAIN = /^[A-Za-z0-9]{1,40}$/;

/**
 * A look-up taken as a uid that could as well be a (mistyped or unusual) payment id: plain letters and
 * digits, short. The search box then asks which was meant instead of guessing.
 */
export function isAmbiguousLookup(target: LookupTarget): target is { kind: 'uid'; uid: string } {
  return target.kind === 'uid' && SHORT_PLAIN.test(target.uid) && idProblem(target.uid) === null;
}

/** Where a look-up leads: a payment's detail page, or the Payments page filtered by txid or uid. */
export function lookupPath(target: LookupTarget): string {
  if (target.kind === 'payment') return paymentPath(target.id);
  const query = target.kind === 'txid' ? new URLSearchParams({ txid: target.txid }) : new URLSearchParams({ uid: target.uid });
  return `/payments?${query.toString()}`;
}

import { inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { Database } from '../store/database.ts';
import { apiKeys, payments, rewardBatches, rewards, staff } from '../store/schema.ts';
import type { AuditEventView } from './audit-query.ts';

/** What an event's target names, as the console knows it now: the words its sentence on the audit page needs. */
export type AuditSubject =
  | { kind: 'staff'; name: string; email: string }
  | { kind: 'reward'; uid: string; amount: string }
  | { kind: 'reward_batch'; fileName: string | null; rowCount: number }
  | { kind: 'payment'; uid: string; amount: string; direction: 'user_to_app' | 'app_to_user' }
  /** An API key (`api_key:<id>`, or `ingest_token:<id>` of the ingest tokens keys were made from). */
  | { kind: 'api_key'; name: string };

/** An event with the names its sentence needs: who the actor is by name, and what its target is. */
export type NamedAuditEvent = AuditEventView & { actorName: string | null; subject: AuditSubject | null };

const isGuid = (id: string) => z.guid().safeParse(id).success;

/** The ids each target kind names among `events`: `staff:<id or email>`, `reward:<id>`, `payment:<id>`, … */
function targetIds(events: readonly AuditEventView[]) {
  const ids = { staff: new Set<string>(), staffEmails: new Set<string>(), reward: new Set<string>(), reward_batch: new Set<string>(), payment: new Set<string>(), api_key: new Set<string>() };
  for (const event of events) {
    if (event.actor) ids.staff.add(event.actor.id);
    const [kind, id] = splitTarget(event.target);
    if (!id) continue;
    if (kind === 'staff') (isGuid(id) ? ids.staff : ids.staffEmails).add(id);
    else if (kind === 'payment') ids.payment.add(id);
    else if ((kind === 'reward' || kind === 'reward_batch') && isGuid(id)) ids[kind].add(id);
    else if ((kind === 'api_key' || kind === 'ingest_token') && isGuid(id)) ids.api_key.add(id);
  }
  return ids;
}

function splitTarget(target: string | null): [string, string] | [] {
  const colon = target?.indexOf(':') ?? -1;
  return target && colon > 0 ? [target.slice(0, colon), target.slice(colon + 1)] : [];
}

const plainAmount = (amount: string) => fromScaled(toScaled(amount));

/** The rows for `ids`, without asking the store when there are none. */
async function ifAny<Row>(ids: Set<string>, query: (ids: string[]) => Promise<Row[]>): Promise<Row[]> {
  return ids.size === 0 ? [] : query([...ids]);
}

/**
 * A page of events with the names their sentences need, looked up once per page: one query per kind
 * of target on the page, never one per row. A target the console no longer has keeps no subject.
 */
export async function nameAuditEvents(db: Database, events: readonly AuditEventView[]): Promise<NamedAuditEvent[]> {
  const ids = targetIds(events);
  const [staffRows, rewardRows, batchRows, paymentRows, keyRows] = await Promise.all([
    ids.staff.size + ids.staffEmails.size === 0
      ? []
      : db
          .select({ id: staff.id, name: staff.name, email: staff.email })
          .from(staff)
          .where(or(inArray(staff.id, [...ids.staff]), inArray(staff.email, [...ids.staffEmails]))),
    ifAny(ids.reward, (some) => db.select({ id: rewards.id, uid: rewards.uid, amount: rewards.amount }).from(rewards).where(inArray(rewards.id, some))),
    ifAny(ids.reward_batch, (some) =>
      db.select({ id: rewardBatches.id, fileName: rewardBatches.fileName, rowCount: rewardBatches.rowCount }).from(rewardBatches).where(inArray(rewardBatches.id, some)),
    ),
    ifAny(ids.payment, (some) =>
      db.select({ id: payments.id, uid: payments.userUid, amount: payments.amount, direction: payments.direction }).from(payments).where(inArray(payments.id, some)),
    ),
    ifAny(ids.api_key, (some) => db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, some))),
  ]);

  const subjects = new Map<string, AuditSubject>();
  const staffById = new Map<string, { name: string; email: string }>();
  for (const { id, name, email } of staffRows) {
    staffById.set(id, { name, email });
    subjects.set(`staff:${id}`, { kind: 'staff', name, email });
    subjects.set(`staff:${email}`, { kind: 'staff', name, email });
  }
  for (const { id, uid, amount } of rewardRows) subjects.set(`reward:${id}`, { kind: 'reward', uid, amount: plainAmount(amount) });
  for (const { id, fileName, rowCount } of batchRows) subjects.set(`reward_batch:${id}`, { kind: 'reward_batch', fileName, rowCount });
  for (const { id, uid, amount, direction } of paymentRows) subjects.set(`payment:${id}`, { kind: 'payment', uid, amount: plainAmount(amount), direction });
  for (const { id, name } of keyRows) {
    subjects.set(`api_key:${id}`, { kind: 'api_key', name });
    subjects.set(`ingest_token:${id}`, { kind: 'api_key', name });
  }

  return events.map((event) => ({
    ...event,
    actorName: event.actor ? (staffById.get(event.actor.id)?.name ?? null) : null,
    subject: event.target === null ? null : (subjects.get(normalisedTarget(event.target)) ?? null),
  }));
}

/** uuids read back in lower case; a target may have been written with another. */
function normalisedTarget(target: string): string {
  const [kind, id] = splitTarget(target);
  return kind && id && isGuid(id) ? `${kind}:${id.toLowerCase()}` : target;
}

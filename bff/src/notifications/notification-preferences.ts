import { eq } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { SignedInStaff } from '../domain/signed-in-staff.ts';
import { EVENT_TYPE_NAMES, type EventType } from '../events/event-types.ts';
import type { Database } from '../store/database.ts';
import { notificationPreferences } from '../store/schema.ts';
import type { WebhookTargets } from '../webhooks/webhook-targets.ts';
import { defaultEventsFor, hearableBy } from './notification-audiences.ts';

/** What a staff member hears of, where else it goes, and what their role hears of by default. */
export interface NotificationPreferencesView {
  events: EventType[];
  /** A Slack-compatible incoming webhook that gets each notification too; null for none. */
  slackUrl: string | null;
  /** Why the console stopped sending to it (it answered 410, or failed for 3 days); null while it is on. Saving the URL again switches it on. */
  slackOff: 'gone' | 'failing' | 'admin' | null;
  defaults: EventType[];
  /** What their role may choose from. */
  choices: EventType[];
}

export interface PreferencesChange {
  events: readonly EventType[];
  slackUrl: string | null;
}

const inTableOrder = (types: readonly string[]) => EVENT_TYPE_NAMES.filter((type) => types.includes(type));

export class NotificationPreferences {
  constructor(private readonly deps: { db: Database; audit: AuditLog; clock: Clock; slackTargets: Pick<WebhookTargets, 'upsertSlackTarget' | 'removeSlackTarget' | 'slackTargetOf'> }) {}

  async get(member: SignedInStaff): Promise<NotificationPreferencesView> {
    const [[row], slack] = await Promise.all([
      this.deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.staffId, member.id)),
      this.deps.slackTargets.slackTargetOf(member.id),
    ]);
    const defaults = defaultEventsFor(member.role);
    const choices = hearableBy(member.role);
    return {
      events: row ? inTableOrder(row.events).filter((type) => choices.includes(type)) : defaults,
      slackUrl: slack?.url ?? null,
      slackOff: slack && !slack.enabled ? (slack.disabledReason ?? 'admin') : null,
      defaults,
      choices,
    };
  }

  /** Replaces the staff member's choices; an event their role may not hear of is refused in words. Audited (the URL itself is not written down: it is a credential). */
  async set(member: SignedInStaff, change: PreferencesChange, origin: AuditOrigin): Promise<NotificationPreferencesView> {
    const choices = hearableBy(member.role);
    const refused = change.events.filter((type) => !choices.includes(type));
    if (refused.length > 0) {
      throw refusal('invalid_input', 'invalid_input', `events: your role does not hear of ${refused.join(', ')}; choose from ${choices.join(', ')}`);
    }
    const before = await this.get(member);
    const events = inTableOrder(change.events);
    await this.deps.db.transaction(async (tx) => {
      const values = { events, updatedAt: this.deps.clock.now() };
      await tx.insert(notificationPreferences).values({ staffId: member.id, ...values }).onConflictDoUpdate({ target: notificationPreferences.staffId, set: values });
      // Saved again, a URL the console switched off is switched on afresh.
      if (change.slackUrl === null) await this.deps.slackTargets.removeSlackTarget(member.id, tx);
      else if (change.slackUrl !== before.slackUrl || before.slackOff !== null) await this.deps.slackTargets.upsertSlackTarget(member.id, change.slackUrl, tx);
      await this.deps.audit.append(
        {
          ...origin,
          action: 'notifications.preferences',
          target: `staff:${member.id}`,
          outcome: 'ok',
          details: {
            added: events.filter((type) => !before.events.includes(type)),
            removed: before.events.filter((type) => !events.includes(type)),
            slack: before.slackUrl === change.slackUrl ? 'unchanged' : change.slackUrl === null ? 'removed' : before.slackUrl === null ? 'added' : 'changed',
          },
        },
        tx,
      );
    });
    return this.get(member);
  }
}

import type { WebhookTargets } from '../webhooks/webhook-targets.ts';
import type { NotificationRelay, WrittenNotification } from './notification-fanout.ts';

/** Slack's message text treats these three as markup; escaped, a title shows as written. */
const escapeSlack = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A notification as a Slack-compatible `text`: its title in bold, its body, and a link to its object in the console. */
export function slackText(notification: Pick<WrittenNotification, 'title' | 'body' | 'link'>, consoleUrl: string): string {
  return `*${escapeSlack(notification.title)}*\n${escapeSlack(notification.body)}\n<${consoleUrl}${notification.link}|Open in Plat Console>`;
}

/**
 * Queues each notification for its staff member's Slack target, when they have one that is on, through
 * the webhooks' engine (same log and retries): in the fan-out's transaction, so once per notification.
 */
export function slackRelay(targets: Pick<WebhookTargets, 'slackTargetOf' | 'enqueue'>, consoleUrl: string): NotificationRelay {
  return async (tx, written) => {
    for (const staffId of new Set(written.map((notification) => notification.staffId))) {
      const target = await targets.slackTargetOf(staffId, tx);
      if (!target?.enabled) continue;
      for (const notification of written.filter((row) => row.staffId === staffId)) {
        await targets.enqueue(tx, target.id, { eventId: notification.eventId, eventType: notification.type, text: slackText(notification, consoleUrl) });
      }
    }
  };
}

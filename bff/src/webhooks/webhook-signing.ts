import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the specification asks for 24 to 64). */
export function newWebhookSecret(): { secret: string; hint: string } {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  return { secret, hint: `whsec_…${secret.slice(-4)}` };
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` is the message's id (the event's, the same on
 * every attempt), `webhook-timestamp` this attempt's time in seconds, and `webhook-signature` one `v1,`
 * signature per secret, space-separated (two while a rotated secret's overlap lasts). Signed with the
 * specification's own TypeScript library.
 */
export function signedHeaders(messageId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}

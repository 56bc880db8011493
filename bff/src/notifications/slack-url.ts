import { z } from 'zod';

/** A Slack-compatible incoming webhook: https, or http on this machine (a local relay, the tests' receiver). */
export const slackUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an https URL, such as https://hooks.slack.com/services/…' })
  .max(2_000)
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  }, 'must be an https URL (http only on this machine)');

import { z } from 'zod';
import { parseCidr } from '../../../common/ip-address.ts';

const MAX_NETWORKS = 50;

/** The private networks (CIDRs) an admin lets webhooks reach, besides loopback; never link-local ones. */
export const webhookSettingsSchema = z
  .object({
    allowedPrivateNetworks: z
      .array(
        z
          .string()
          .trim()
          .max(60)
          .refine((cidr) => parseCidr(cidr) !== null, 'must be an IP address or a CIDR such as 10.0.0.0/8'),
        { error: 'must be a list of CIDRs' },
      )
      .max(MAX_NETWORKS, `at most ${MAX_NETWORKS} networks`),
  })
  .strict();

export type WebhookSettings = z.output<typeof webhookSettingsSchema>;

export const NO_WEBHOOK_SETTINGS: WebhookSettings = { allowedPrivateNetworks: [] };

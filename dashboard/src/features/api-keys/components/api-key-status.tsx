import { Badge } from '../../../components/badge.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import type { ApiKey } from '../api/get-api-keys.ts';

const statusBadges = {
  active: <Badge tone="success">Active</Badge>,
  expired: <Badge tone="warning">Expired</Badge>,
  revoked: <Badge tone="neutral">Revoked</Badge>,
} as const;

/** Whether the key works, and during a roll's overlap until when its old secret does too. */
export function ApiKeyStatus({ apiKey }: { apiKey: ApiKey }) {
  return (
    <span className="flex flex-col items-start gap-1">
      {statusBadges[apiKey.status]}
      {apiKey.previousValidUntil && (
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          Old secret works until
          <br />
          <DateTime iso={apiKey.previousValidUntil} />
        </span>
      )}
    </span>
  );
}

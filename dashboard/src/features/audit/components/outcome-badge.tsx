import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import type { AuditOutcome } from '../audit-filters.ts';

export const outcomeLabels: Record<AuditOutcome, string> = { ok: 'OK', denied: 'Denied', refused: 'Refused', failed: 'Failed', unknown: 'Unknown' };

const tones: Record<AuditOutcome, BadgeTone> = { ok: 'success', denied: 'warning', refused: 'warning', failed: 'danger', unknown: 'warning' };

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  return <Badge tone={tones[outcome]}>{outcomeLabels[outcome]}</Badge>;
}

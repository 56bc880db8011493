import { Badge, type BadgeTone } from '../../../components/badge.tsx';

const TONES: Record<string, BadgeTone> = { GET: 'neutral', POST: 'success', PUT: 'warning', PATCH: 'warning', DELETE: 'danger' };

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className="inline-block w-14 shrink-0 font-mono">
      <Badge tone={TONES[method] ?? 'neutral'}>{method}</Badge>
    </span>
  );
}

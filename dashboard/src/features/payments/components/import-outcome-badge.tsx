import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import type { ImportOutcome } from '../import-progress.ts';

export const importOutcomeWords: Record<ImportOutcome, string> = { indexed: 'Indexed', not_found: 'Not found', invalid: 'Invalid id', error: 'Error' };

const tones: Record<ImportOutcome, BadgeTone> = { indexed: 'success', not_found: 'warning', invalid: 'warning', error: 'danger' };

export function ImportOutcomeBadge({ outcome }: { outcome: ImportOutcome }) {
  return <Badge tone={tones[outcome]}>{importOutcomeWords[outcome]}</Badge>;
}

import { Link } from 'react-router-dom';
import { PageSection } from '../../../components/page-section.tsx';
import type { AttentionItem } from '../attention-items.ts';

/** Each thing that needs a person, linked to where it is done; nothing at all when there is none. */
export function NeedsAttention({ items }: { items: AttentionItem[] }) {
  if (items.length === 0) return null;
  return (
    <PageSection title="Needs attention">
      <ul aria-label="Needs attention" className="space-y-2">
        {items.map(({ text, to }) => (
          <li key={text} className="rounded-lg border border-amber-300 bg-amber-50/60 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950/30">
            <Link to={to} className="font-medium text-amber-950 underline underline-offset-2 dark:text-amber-100">
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

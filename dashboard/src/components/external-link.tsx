import type { ReactNode } from 'react';
import { httpUrlOrNull } from '../lib/safe-url.ts';

const linkClasses = 'text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700';

/**
 * A link to another site, opened in a new tab without handing it this page. Only absolute http and
 * https URLs become links; anything else (`javascript:`, `data:`, relative, garbage) is plain text.
 */
export function ExternalLink({ url, children, title }: { url: string; children: ReactNode; title?: string }) {
  const href = httpUrlOrNull(url);
  if (!href) return <span title={title}>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={title} className={linkClasses}>
      {children}
    </a>
  );
}

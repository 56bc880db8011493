import { Link } from 'react-router-dom';
import type { Sentence } from '../audit-sentence-parts.ts';

/** Short ids (shortened ones are) stay on one line; a long one, such as a refused request's path, may break anywhere rather than widen the table. */
const idClasses = (text: string) => `font-mono text-xs ${text.length > 20 ? 'break-all' : 'whitespace-nowrap'}`;

const linkClasses = 'font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700 dark:text-indigo-300 dark:decoration-indigo-700';

/** A sentence of words and terms: a term links to its page when it has one; ids are monospace, whole on hover. */
export function SentenceView({ sentence }: { sentence: Sentence }) {
  return (
    <>
      {sentence.map((part, index) => {
        if (typeof part === 'string') return part;
        const classes = `${part.id ? idClasses(part.text) : ''} ${part.to ? linkClasses : ''}`.trim();
        return part.to ? (
          <Link key={index} to={part.to} title={part.title} className={classes}>
            {part.text}
          </Link>
        ) : (
          <span key={index} title={part.title} className={classes || undefined}>
            {part.text}
          </span>
        );
      })}
    </>
  );
}

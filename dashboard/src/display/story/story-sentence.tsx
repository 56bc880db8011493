import { Link } from 'react-router-dom';
import { DateTime } from '../../components/date-time.tsx';
import { userNameOf } from '../../components/user/user-names.ts';
import { userPath } from '../../components/user/user-path.ts';
import { shortenMiddle } from '../../lib/shorten-middle.ts';
import type { StoryPart } from './story-parts.ts';

const userLink = 'font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700';

/** What happened, in one sentence: the user is a link to their page, by name or by the uid shortened, with the full uid on hover. */
export function StorySentence({ parts }: { parts: readonly StoryPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (typeof part === 'string') return part;
        if ('user' in part) {
          return (
            <Link key={index} to={userPath(part.user)} title={part.user} className={userLink}>
              {userNameOf(part.names) ?? `user ${shortenMiddle(part.user)}`}
            </Link>
          );
        }
        return <DateTime key={index} iso={part.time} />;
      })}
    </>
  );
}

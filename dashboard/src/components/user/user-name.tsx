import { Link } from 'react-router-dom';
import { shortenMiddle } from '../../lib/shorten-middle.ts';
import { ShortId } from '../short-id.tsx';
import { userHandle, userNameOf, type UserNames } from './user-names.ts';

interface UserNameProps {
  uid: string;
  /** The app's names of the user, as the answer gives them beside the uid. */
  names: UserNames | null | undefined;
  /** Where the user leads (their page, or a list filtered on them); without it the name is plain text. */
  to?: string;
}

const handleClasses = 'text-xs font-normal text-zinc-500 dark:text-zinc-400';

/** The name and, beside a display name, the username: one line, cut short with the whole on hover. */
function NameLine({ name, handle }: { name: string; handle: string | null }) {
  return (
    <>
      {name}
      {handle && <span className={handleClasses}>{` ${handle}`}</span>}
    </>
  );
}

/**
 * A user wherever the console shows one: the app's display name (or username) over the uid shortened
 * (in full on hover, for screen readers and to copy); a user the app has not named, as the shortened
 * uid alone, as before names. Each part on one line, so a uid never wraps down a table cell.
 */
export function UserName({ uid, names, to }: UserNameProps) {
  const name = userNameOf(names);
  if (name === null) return <ShortId id={uid} kind="user uid" to={to} />;
  const handle = userHandle(names);
  const title = handle ? `${name} ${handle}` : name;
  return (
    <span className="inline-flex max-w-56 min-w-0 flex-col leading-tight">
      {to ? (
        <Link to={to} title={title} className="truncate font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          <NameLine name={name} handle={handle} />
        </Link>
      ) : (
        <span title={title} className="truncate font-medium">
          <NameLine name={name} handle={handle} />
        </span>
      )}
      <ShortId id={uid} kind="user uid" />
    </span>
  );
}

/**
 * The same inside a link or a list option, which may hold no control of its own (no copy button):
 * the name over the uid, shortened or in full (`fullUid`, where the uid is what is being picked).
 */
export function UserNameText({ uid, names, fullUid = false }: { uid: string; names: UserNames | null | undefined; fullUid?: boolean }) {
  const name = userNameOf(names);
  return (
    <span className="flex min-w-0 flex-col leading-tight">
      {name !== null && (
        <span className="truncate font-medium">
          <NameLine name={name} handle={userHandle(names)} />
        </span>
      )}
      <span title={uid} className={`font-mono text-xs ${fullUid ? 'break-all' : 'whitespace-nowrap'}`}>
        {fullUid ? uid : shortenMiddle(uid, 8, 5)}
      </span>
    </span>
  );
}
